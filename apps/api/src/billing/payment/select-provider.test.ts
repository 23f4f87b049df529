import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../lib/env.ts';
import { paymentProviderFor } from './select-provider.ts';
import { matchesDigest, secretDigest } from './secrets.ts';

describe('PAYMENT_PROVIDER', () => {
  it('defaults to the local test processor, accepts stripe and refuses anything else', () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe('local');
    expect(parseEnv({ PAYMENT_PROVIDER: '' }).PAYMENT_PROVIDER).toBe('local');
    expect(parseEnv({ PAYMENT_PROVIDER: 'stripe' }).PAYMENT_PROVIDER).toBe('stripe');
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(EnvError);
  });

  it('selects the provider it names', () => {
    expect(paymentProviderFor({}).name).toBe('local');
    expect(paymentProviderFor({ paymentProvider: 'stripe' }).name).toBe('stripe');
  });
});

describe('client secret digests', () => {
  it('match only the same secret and never contain it', () => {
    const digest = secretDigest('seti_1_secret_abc');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(matchesDigest('seti_1_secret_abc', digest)).toBe(true);
    expect(matchesDigest('seti_1_secret_abd', digest)).toBe(false);
    expect(matchesDigest('seti_1_secret_abc', 'not-hex')).toBe(false);
  });
});
