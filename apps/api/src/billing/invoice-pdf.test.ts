import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdfSafe, renderInvoicePdf } from './invoice-pdf.ts';

describe('invoice PDF', () => {
  it('renders a one-page PDF titled with the invoice number, whatever the organization name holds', async () => {
    const bytes = await renderInvoicePdf({
      invoiceNumber: 'FLT-000042',
      state: 'paid',
      createdAt: new Date('2026-11-01T00:00:00Z'),
      dueOn: new Date('2026-11-01T00:00:00Z'),
      paidOn: new Date('2026-11-01T00:00:00Z'),
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2026-12-01T00:00:00Z'),
      totalCents: 29900,
      organization: { name: 'Ünïcode 🚀 組織', handle: 'org' },
      billTo: { companyName: 'Acme', email: 'a@example.com', addressLines: ['1 Main St'], taxId: '12-3456789 (us_ein)' },
      lines: [{ description: 'Pilot plan (monthly)', quantity: 1, unitCents: 29900, amountCents: 29900 }],
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Invoice FLT-000042');
  });

  it('keeps WinAnsi text and replaces the rest', () => {
    expect(pdfSafe('Ünïcode 🚀 組')).toBe('Ünïcode ?? ?');
  });
});
