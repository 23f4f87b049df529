import { describe, expect, it } from 'vitest';
import { canFilePrivateTicket, invalidCcEntries, parseCcList } from './support-ticket.ts';

describe('parseCcList', () => {
  it('splits on commas, removes spaces and drops empty entries', () => {
    expect(parseCcList(' a@x.io,  b @y.io ,, ')).toEqual(['a@x.io', 'b@y.io']);
  });
  it('is empty for blank text', () => {
    expect(parseCcList('   ')).toEqual([]);
  });
});

describe('invalidCcEntries', () => {
  it('names the entries that are not email addresses', () => {
    expect(invalidCcEntries('a@x.io, nope, c@z.io')).toEqual(['nope']);
  });
});

describe('canFilePrivateTicket', () => {
  it('needs both a tier with private support and a verified email', () => {
    expect(canFilePrivateTicket(true, true)).toBe(true);
    expect(canFilePrivateTicket(true, false)).toBe(false);
    expect(canFilePrivateTicket(false, true)).toBe(false);
  });
});
