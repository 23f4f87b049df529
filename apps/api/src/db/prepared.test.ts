import { describe, expect, it } from 'vitest';
import { PREPARED_MARK, preparedName } from './prepared.ts';

describe('preparedName', () => {
  it('names only marked texts, at their start or end, by a hash of the whole text', () => {
    expect(preparedName('SELECT 1')).toBeUndefined();
    expect(preparedName(`SELECT ${PREPARED_MARK} 1`)).toBeUndefined();
    const start = preparedName(`${PREPARED_MARK} SELECT $1`);
    const end = preparedName(`SELECT $1 ${PREPARED_MARK}`);
    expect(start).toMatch(/^p_[0-9a-f]{24}$/);
    expect(end).toMatch(/^p_[0-9a-f]{24}$/);
    expect(start).not.toBe(end);
    expect(preparedName(`${PREPARED_MARK} SELECT $1`)).toBe(start);
  });

  it('stops naming new texts past its bound, so a marked statement with values in its text cannot grow without end', () => {
    const names = Array.from({ length: 400 }, (_, i) => preparedName(`${PREPARED_MARK} SELECT ${i}`));
    const named = names.filter((n) => n !== undefined);
    expect(named.length).toBeGreaterThan(100);
    expect(named.length).toBeLessThan(400);
    expect(new Set(named).size).toBe(named.length);
    // Texts named before the bound keep their names.
    expect(preparedName(`${PREPARED_MARK} SELECT 0`)).toBe(names[0]);
  });
});
