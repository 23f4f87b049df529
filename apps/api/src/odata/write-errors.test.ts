import { describe, expect, it } from 'vitest';
import { TEXT_LIMIT_MARKER } from './limits.ts';
import { mapDbError } from './write-errors.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('mapDbError: statements the database gave up on', () => {
  it('a statement timeout is a 503 that says the query took too long, on reads and writes', () => {
    for (const op of ['read', 'update'] as const) {
      const e = mapDbError(pgError('57014', 'canceling statement due to statement timeout'), undefined, op);
      expect(e?.status).toBe(503);
      expect(e?.code).toBe('query_timeout');
      expect(e?.message).toMatch(/took too long/);
    }
  });

  it("the database's own size limits are 400s", () => {
    expect(mapDbError(pgError('54001', 'stack depth limit exceeded'), undefined, 'read')).toMatchObject({ status: 400, code: 'query_too_complex' });
    expect(mapDbError(pgError('54000', 'requested length too large'), undefined, 'read')).toMatchObject({ status: 400, code: 'query_too_complex' });
  });

  it('a text function past its limit is a 400 with the limit as the message; other 42704s stay faults', () => {
    const raised = pgError('42704', `unrecognized configuration parameter "${TEXT_LIMIT_MARKER}replace() would build a value of 70000 characters; at most 65536 are allowed"`);
    expect(mapDbError(raised, undefined, 'read')).toMatchObject({
      status: 400,
      code: 'value_too_long',
      message: 'replace() would build a value of 70000 characters; at most 65536 are allowed',
    });
    expect(mapDbError(pgError('42704', 'type "nope" does not exist'), undefined, 'read')).toBeUndefined();
  });

  it('a regular expression PostgreSQL cannot compile (matchesPattern) is a 400 naming the problem', () => {
    expect(mapDbError(pgError('2201B', 'invalid regular expression: parentheses () not balanced'), undefined, 'read')).toMatchObject({
      status: 400,
      code: 'invalid_pattern',
      message: 'Invalid regular expression: parentheses () not balanced',
    });
    expect(mapDbError(pgError('2201B', 'invalid regular expression: regular expression is too complex'), undefined, 'read')).toMatchObject({
      status: 400,
      code: 'invalid_pattern',
      message: 'Invalid regular expression: regular expression is too complex',
    });
  });
});
