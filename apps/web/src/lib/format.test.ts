import { describe, expect, it } from 'vitest';
import { formatDate, pageTitle, truncateUsername } from './format.ts';

describe('truncateUsername', () => {
  it('keeps names up to 20 characters and cuts longer ones to 17 plus an ellipsis', () => {
    expect(truncateUsername('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncateUsername('abcdefghijklmnopqrstu')).toBe('abcdefghijklmnopq...');
  });
});

describe('pageTitle', () => {
  it("follows '{page} | [{deployment}] dashboard'", () => {
    expect(pageTitle('Fleets')).toBe('Fleets | Flotilla dashboard');
  });
});

describe('formatDate', () => {
  it("uses 'MMM do yyyy, h:mm a'", () => {
    expect(formatDate(new Date(2026, 0, 2, 15, 4))).toBe('Jan 2nd 2026, 3:04 PM');
    expect(formatDate(new Date(2026, 10, 13, 0, 30))).toBe('Nov 13th 2026, 12:30 AM');
    expect(formatDate(null)).toBe('—');
  });
});
