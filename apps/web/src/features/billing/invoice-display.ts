/**
 * Display of an invoice's dates (accounts spec §4 "Invoice states": a past due invoice shows its
 * due date as yyyy-MM-dd HH:mm). How states group and which may be downloaded is
 * @flotilla/core/billing/invoice-states, shared with the server.
 */

/** yyyy-MM-dd HH:mm in the browser's time zone; '' for a missing or unreadable date. */
export function formatDueDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The file name an invoice's PDF is saved under. */
export function invoiceFileName(invoiceNumber: string): string {
  return `invoice-${invoiceNumber}.pdf`;
}
