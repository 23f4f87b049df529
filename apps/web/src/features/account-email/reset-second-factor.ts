import { ApiError } from '../../lib/http.ts';

/**
 * How a password-reset answer bears on the second factor (accounts spec §7 "400 with a
 * 2FA-required code handled"): `required` when the account has two-factor on and no code was
 * sent (the page then shows the code field), `invalid` when the code sent was wrong, null for
 * anything else.
 */
export type SecondFactorAsk = 'required' | 'invalid' | null;

export function secondFactorAskOf(error: unknown): SecondFactorAsk {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  if (error.code === 'two_factor_required') return 'required';
  if (error.code === 'invalid_two_factor_code') return 'invalid';
  return null;
}
