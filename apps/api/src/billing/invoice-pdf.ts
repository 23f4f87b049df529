import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '@flotilla/core/billing/prices';

/** An invoice rendered to PDF (DESIGN "Invoices render to PDF") with pdf-lib's standard Helvetica. */
export interface InvoiceDocument {
  invoiceNumber: string;
  state: string;
  createdAt: Date;
  dueOn: Date | null;
  paidOn: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  totalCents: number;
  organization: { name: string; handle: string };
  billTo: { companyName: string | null; email: string | null; addressLines: string[]; taxId: string | null };
  lines: { description: string; quantity: number; unitCents: number; amountCents: number }[];
}

/** The standard fonts encode WinAnsi only: anything else is shown as "?" rather than failing the download. */
export function pdfSafe(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${doc.invoiceNumber}`);
  pdf.setProducer('Flotilla');
  pdf.setCreationDate(doc.createdAt);
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 50;
  let y = 790;
  const text = (p: PDFPage, value: string, x: number, yy: number, font: PDFFont, size = 10) => p.drawText(pdfSafe(value), { x, y: yy, size, font, color: rgb(0.1, 0.1, 0.1) });
  const right = (value: string, xRight: number, yy: number, font: PDFFont, size = 10) => text(page, value, xRight - font.widthOfTextAtSize(pdfSafe(value), size), yy, font, size);

  text(page, 'Invoice', left, y, bold, 22);
  right(doc.invoiceNumber, 545, y, bold, 14);
  y -= 30;
  const facts: [string, string][] = [
    ['Status', doc.state],
    ['Issued', day(doc.createdAt)],
    ['Due', doc.dueOn ? day(doc.dueOn) : '-'],
    ...(doc.paidOn ? ([['Paid', day(doc.paidOn)]] as [string, string][]) : []),
    ...(doc.periodStart && doc.periodEnd ? ([['Period', `${day(doc.periodStart)} to ${day(doc.periodEnd)}`]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) {
    text(page, label, left, y, bold);
    text(page, value, left + 80, y, regular);
    y -= 15;
  }
  y -= 15;
  text(page, 'Bill to', left, y, bold, 12);
  y -= 16;
  const billTo = [doc.billTo.companyName ?? doc.organization.name, `Organization: ${doc.organization.name} (${doc.organization.handle})`, ...doc.billTo.addressLines];
  if (doc.billTo.email) billTo.push(doc.billTo.email);
  if (doc.billTo.taxId) billTo.push(`Tax id: ${doc.billTo.taxId}`);
  for (const line of billTo) {
    text(page, line.slice(0, 90), left, y, regular);
    y -= 14;
  }
  y -= 20;
  text(page, 'Description', left, y, bold);
  right('Qty', 380, y, bold);
  right('Unit price', 460, y, bold);
  right('Amount', 545, y, bold);
  y -= 6;
  page.drawLine({ start: { x: left, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  y -= 14;
  for (const line of doc.lines.slice(0, 30)) {
    text(page, line.description.slice(0, 55), left, y, regular);
    right(String(line.quantity), 380, y, regular);
    right(formatCents(line.unitCents), 460, y, regular);
    right(formatCents(line.amountCents), 545, y, regular);
    y -= 14;
  }
  y -= 4;
  page.drawLine({ start: { x: 300, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  y -= 16;
  text(page, 'Total (USD)', 300, y, bold, 12);
  right(formatCents(doc.totalCents), 545, y, bold, 12);
  return pdf.save();
}
