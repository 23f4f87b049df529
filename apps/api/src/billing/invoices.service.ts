import type { InvoiceSummary } from '@flotilla/core/schemas/billing';
import { isInvoiceDownloadable } from '@flotilla/core/billing/invoice-states';
import type { Db } from '../db/database.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { findAccount, findOrgInvoice, findOrganizationName, listInvoiceLines, listInvoices as listInvoiceRows } from './billing.repository.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** GET /invoices: newest first. */
export async function listInvoices(db: Db, organizationId: number): Promise<InvoiceSummary[]> {
  const rows = await listInvoiceRows(db, organizationId);
  return rows.map((r) => ({
    uuid: r.uuid,
    created_at: iso(r.created_at),
    total_in_cents: r.total_in_cents,
    state: r.state as InvoiceSummary['state'],
    due_on: r.due_on ? iso(r.due_on) : null,
    invoice_number: r.invoice_number,
  }));
}

/** GET /invoices/:number/download: the organization's invoice as PDF (another organization's is not found; a draft is not ready). */
export async function invoicePdf(db: Db, organizationId: number, invoiceNumber: string): Promise<{ fileName: string; pdf: Uint8Array }> {
  const invoice = await findOrgInvoice(db, organizationId, invoiceNumber);
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (!isInvoiceDownloadable(invoice.state)) throw conflict(BILLING_MESSAGES.invoiceNotReady, 'invoice_not_ready');
  const [lines, account, org] = await Promise.all([listInvoiceLines(db, invoice.id), findAccount(db, organizationId), findOrganizationName(db, organizationId)]);
  const cityLine = [account?.zip, account?.city, account?.state].filter(Boolean).join(' ');
  const pdf = await renderInvoicePdf({
    invoiceNumber: invoice.invoice_number,
    state: invoice.state,
    createdAt: new Date(invoice.created_at),
    dueOn: invoice.due_on ? new Date(invoice.due_on) : null,
    paidOn: invoice.paid_on ? new Date(invoice.paid_on) : null,
    periodStart: invoice.period_start ? new Date(invoice.period_start) : null,
    periodEnd: invoice.period_end ? new Date(invoice.period_end) : null,
    totalCents: invoice.total_in_cents,
    organization: { name: org?.name ?? '', handle: org?.handle ?? '' },
    billTo: {
      companyName: account?.company_name ?? null,
      email: account?.email ?? null,
      addressLines: [account?.address1, account?.address2, cityLine, account?.country, account?.phone].filter((v): v is string => Boolean(v)),
      taxId: account?.tax_id_type && account.tax_id_value ? `${account.tax_id_value} (${account.tax_id_type})` : null,
    },
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitCents: l.unit_amount_in_cents, amountCents: l.amount_in_cents })),
  });
  return { fileName: `invoice-${invoice.invoice_number}.pdf`, pdf };
}
