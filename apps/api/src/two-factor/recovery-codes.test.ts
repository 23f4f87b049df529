import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('generates the configured number of distinct, readable codes', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('hashes input ignoring case, dashes and spaces', () => {
    const [code] = generateRecoveryCodes(1);
    const hash = hashRecoveryCode(code!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(` ${code!.toUpperCase().replace('-', ' ')} `)).toBe(hash);
    expect(normalizeRecoveryCode('AB-cd ef')).toBe('abcdef');
    expect(hashRecoveryCode('other-code0')).not.toBe(hash);
  });
});
