import { describe, expect, it } from 'vitest';
import { generateTotpSecret, matchTotpStep, totpCode, totpUri, TOTP_PERIOD_SECONDS } from './totp.ts';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const step = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

describe('totp', () => {
  it('generates distinct base32 secrets of 160 bits', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('accepts the current code and returns its time step', () => {
    const secret = generateTotpSecret();
    expect(matchTotpStep(secret, totpCode(secret, T0), T0)).toBe(step(T0));
  });

  it('accepts one step of drift either way, not two', () => {
    const secret = generateTotpSecret();
    const previous = totpCode(secret, T0 - 30_000);
    expect(matchTotpStep(secret, previous, T0)).toBe(step(T0) - 1);
    expect(matchTotpStep(secret, totpCode(secret, T0 + 30_000), T0)).toBe(step(T0) + 1);
    expect(matchTotpStep(secret, totpCode(secret, T0 - 90_000), T0)).toBeNull();
  });

  it('refuses malformed and wrong codes', () => {
    const secret = generateTotpSecret();
    const code = totpCode(secret, T0);
    expect(matchTotpStep(secret, code.slice(0, 5), T0)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', T0)).toBeNull();
    expect(matchTotpStep(generateTotpSecret(), code, T0)).toBeNull();
    expect(matchTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, T0)).toBe(step(T0));
  });

  it('builds an otpauth URI carrying the secret and issuer', () => {
    const secret = generateTotpSecret();
    const uri = totpUri(secret, 'alice');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Flotilla:alice\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Flotilla');
  });
});
