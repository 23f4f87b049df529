import { describe, expect, it } from 'vitest';
import { invoiceStateGroup, isInvoiceDownloadable } from './invoice-states.ts';

describe('invoice states (accounts §4)', () => {
  it('groups states by colour', () => {
    expect(['paid', 'voided', 'void', 'closed'].map(invoiceStateGroup)).toEqual(['done', 'done', 'done', 'done']);
    expect(['pending', 'processing', 'open', 'draft'].map(invoiceStateGroup)).toEqual(Array(4).fill('in-progress'));
    expect(['failed', 'past_due'].map(invoiceStateGroup)).toEqual(['failed', 'failed']);
    expect(invoiceStateGroup('uncollectible')).toBe('other');
  });
  it('does not download drafts', () => {
    expect(isInvoiceDownloadable('draft')).toBe(false);
    expect(isInvoiceDownloadable('paid')).toBe(true);
  });
});
