/** Invoice states and how the billing page groups them (accounts spec §4 "Invoice states"). */
export const INVOICE_STATES = ['paid', 'voided', 'void', 'closed', 'pending', 'processing', 'open', 'draft', 'failed', 'past_due'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export type InvoiceStateGroup = 'done' | 'in-progress' | 'failed' | 'other';

/** paid, voided/void, closed are done (green); pending, processing, open, draft in progress (orange); failed and past_due red. */
export function invoiceStateGroup(state: string): InvoiceStateGroup {
  if (state === 'paid' || state === 'voided' || state === 'void' || state === 'closed') return 'done';
  if (state === 'pending' || state === 'processing' || state === 'open' || state === 'draft') return 'in-progress';
  if (state === 'failed' || state === 'past_due') return 'failed';
  return 'other';
}

/** A draft invoice cannot be downloaded yet (the button is disabled with a tooltip). */
export function isInvoiceDownloadable(state: string): boolean {
  return state !== 'draft';
}
