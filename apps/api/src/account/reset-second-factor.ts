import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest } from '../lib/errors.ts';
import { matchTotpStep } from '../two-factor/totp.ts';
import { hashRecoveryCode } from '../two-factor/recovery-codes.ts';
import { claimTotpStep, findTwoFactorState, useRecoveryCode } from '../two-factor/two-factor.repository.ts';
import { claimTwoFactorAttempt } from '../two-factor/two-factor-rate-limit.ts';
import { INVALID_TWO_FACTOR_CODE } from '../two-factor/two-factor.service.ts';

/**
 * The second factor of a password reset (accounts spec §7 "reset with reset data, 400 with a
 * 2FA-required code handled"). An emailed link alone must not take over an account that has
 * two-factor on — whoever reads the mailbox would otherwise bypass it — so such a reset also
 * needs an authenticator code or an unused recovery code. Both answers are 400, with a
 * machine-readable `code`: `two_factor_required` when none was sent (the dashboard then asks
 * for one), `invalid_two_factor_code` when it is wrong. Wrong codes count toward a per-user
 * limit kept apart from the sign-in challenge's (two-factor-rate-limit.ts); a used code (TOTP
 * step or recovery code) is spent.
 */
export const TWO_FACTOR_REQUIRED_FOR_RESET = 'This account uses two-factor authentication: enter a code from your authenticator app or a recovery code';

const TOTP_FORMAT = /^\d{6}$/;

export async function assertResetSecondFactor(db: Db, config: AppConfig, userId: number, code: string | undefined): Promise<void> {
  const state = await findTwoFactorState(db, userId);
  if (!state?.is_2fa_enabled || !state.totp_secret) return;
  const given = code?.trim() ?? '';
  if (given === '') throw badRequest(TWO_FACTOR_REQUIRED_FOR_RESET, 'two_factor_required');
  // Counted before the check, taken back when right: parallel guesses get no more than the limit.
  const attempt = await claimTwoFactorAttempt(db, config, userId, 'reset');
  if (!(await spendCode(db, userId, state.totp_secret, given))) throw badRequest(INVALID_TWO_FACTOR_CODE, 'invalid_two_factor_code');
  await attempt.takeBack();
}

/** Six digits are an authenticator code (not replayable); anything else a recovery code. */
async function spendCode(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  if (TOTP_FORMAT.test(code)) {
    const step = matchTotpStep(secret, code);
    return step !== null && claimTotpStep(db, userId, step);
  }
  return useRecoveryCode(db, userId, hashRecoveryCode(code));
}
