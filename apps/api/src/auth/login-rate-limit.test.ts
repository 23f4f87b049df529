import { describe, expect, it } from 'vitest';
import { signInBlockedUntil } from './login-rate-limit.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
const free = { pair: null, pairUsed: null, address: null, account: null };

describe('signInBlockedUntil', () => {
  it('lets an attempt through when no limit is reached', () => {
    expect(signInBlockedUntil(free, false)).toBeNull();
  });

  it('refuses until every reached limit is free again', () => {
    expect(signInBlockedUntil({ ...free, pair: at(10), pairUsed: at(12), address: at(40) }, false)).toEqual(at(40));
  });

  it('holds a known address only by its own (account, address) failures', () => {
    expect(signInBlockedUntil({ ...free, address: at(40), account: at(50), pairUsed: at(5) }, true)).toBeNull();
    expect(signInBlockedUntil({ ...free, pair: at(10), pairUsed: at(12), address: at(40) }, true)).toEqual(at(10));
  });

  it('gives a new address its first try while the account is under a distributed run', () => {
    expect(signInBlockedUntil({ ...free, account: at(50) }, false)).toBeNull();
  });

  it('after that try, refuses until its own failure expires or the run falls under the limit', () => {
    expect(signInBlockedUntil({ ...free, account: at(50), pairUsed: at(15) }, false)).toEqual(at(15));
    expect(signInBlockedUntil({ ...free, account: at(8), pairUsed: at(15) }, false)).toEqual(at(8));
  });
});
