import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestToken } from '../../../lib/http.ts';
import { captchaResponse } from '../../../lib/auth-api.ts';

/** Calls of the email flows (accounts spec §7; API in apps/api/src/account/account.routes.ts). */
export interface AccountStatus {
  email: string | null;
  must_be_verified: boolean;
  is_verified: boolean;
  has_password_set: boolean;
}

function isAccountStatus(value: unknown): value is AccountStatus {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.must_be_verified === 'boolean' && typeof v.is_verified === 'boolean' && typeof v.has_password_set === 'boolean';
}

export const ACCOUNT_STATUS_KEY = ['account-status'] as const;

/** Verification state and whether a password is set; cached for the session, refreshed after changes. */
export const accountStatusQuery = queryOptions({
  queryKey: ACCOUNT_STATUS_KEY,
  queryFn: async (): Promise<AccountStatus> => {
    const body = await apiRequest('/user/v1/account-status');
    if (!isAccountStatus(body)) throw new Error('Unexpected account status response');
    return body;
  },
  staleTime: Infinity,
});

/** Accounts spec §4: pending means the user must verify and has not. */
export function isVerificationPending(status: AccountStatus): boolean {
  return status.must_be_verified && !status.is_verified;
}

export async function resendVerificationEmail(): Promise<void> {
  await apiRequest('/user/v1/resend-verification-email', { method: 'POST' });
}

/** compat §3.7: `POST /user/v1/verify-email {verificationToken, email}`, no token needed. */
export async function verifyEmail(verificationToken: string, email: string): Promise<void> {
  await apiRequest('/user/v1/verify-email', { method: 'POST', body: { verificationToken, email }, auth: false });
}

/** Forgot password: email and captcha (dummy value without a captcha key), no token. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/user/v1/password-reset/request', { method: 'POST', body: { email, 'g-recaptcha-response': captchaResponse() }, auth: false });
}

/** `twoFactorCode` (authenticator or recovery code) is needed when the account has two-factor on. */
export async function resetPassword(resetCode: string, password: string, twoFactorCode?: string): Promise<void> {
  await apiRequest('/user/v1/password-reset', { method: 'POST', body: twoFactorCode ? { resetCode, password, twoFactorCode } : { resetCode, password }, auth: false });
}

/** `PATCH /user/password`: returns the new session token (other sessions end). */
export function changePassword(password: string, currentPassword?: string): Promise<string> {
  return apiRequestToken('/user/password', { method: 'PATCH', body: currentPassword ? { currentPassword, password } : { password } });
}

/** `PATCH /user/email`: a token when changed now, null (empty body) when the new address must be confirmed. */
export async function changeEmail(email: string, password: string): Promise<string | null> {
  const body = await apiRequest('/user/email', { method: 'PATCH', body: { email, password } });
  return typeof body === 'string' && body.trim() !== '' ? body.trim() : null;
}
