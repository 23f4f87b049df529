import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { secondFactorAskOf } from './reset-second-factor.ts';

describe('secondFactorAskOf', () => {
  it('asks for a code on the 400 two_factor_required answer and flags a wrong one', () => {
    expect(secondFactorAskOf(new ApiError('needs 2fa', 400, null, 'two_factor_required'))).toBe('required');
    expect(secondFactorAskOf(new ApiError('Invalid two factor authentication code', 400, null, 'invalid_two_factor_code'))).toBe('invalid');
  });

  it('leaves other errors to the general message', () => {
    expect(secondFactorAskOf(new ApiError('The password reset link is invalid or has expired', 400, null, 'invalid_reset_code'))).toBeNull();
    expect(secondFactorAskOf(new ApiError('Too Many Requests', 429, 60, 'two_factor_required'))).toBeNull();
    expect(secondFactorAskOf(new Error('network'))).toBeNull();
    expect(secondFactorAskOf(undefined)).toBeNull();
  });
});
