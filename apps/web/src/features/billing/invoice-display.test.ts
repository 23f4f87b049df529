import { describe, expect, it } from 'vitest';
import { formatDueDate, invoiceFileName } from './invoice-display.ts';

describe('invoice display (accounts spec §4 "Invoice states")', () => {
  it('shows a due date as yyyy-MM-dd HH:mm in local time, zero-padded', () => {
    const due = new Date(2026, 0, 5, 7, 3);
    expect(formatDueDate(due.toISOString())).toBe('2026-01-05 07:03');
    expect(formatDueDate(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31 23:59');
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(formatDueDate(null)).toBe('');
    expect(formatDueDate('not a date')).toBe('');
  });

  it('names the PDF after the invoice number', () => {
    expect(invoiceFileName('FLT-000123')).toBe('invoice-FLT-000123.pdf');
  });
});
