import { apiRequest, apiRequestToken } from '../../../lib/http.ts';
import { captchaResponse } from '../../../lib/auth-api.ts';

/** The HTTP calls of the email flows (accounts spec §7; API in apps/api/src/account/account.routes.ts). */

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
