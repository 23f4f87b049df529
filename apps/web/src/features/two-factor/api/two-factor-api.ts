import { TOTP, Secret } from 'otpauth';
import { apiRequest, apiRequestToken } from '../../../lib/http.ts';

/**
 * The two-factor calls as balena-sdk 23 makes them (compat §3.6, accounts §7). Wrong codes
 * and passwords answer 401 without ending the session (`keepSessionOn401`): the person retries.
 */
const keep = { keepSessionOn401: true } as const;

/** POST /auth/totp/verify: the sign-in challenge, and the pairing code that enables 2FA. */
export function verifyTotpCode(code: string): Promise<string> {
  return apiRequestToken('/auth/totp/verify', { method: 'POST', body: { code }, ...keep });
}

export function verifyRecoveryCode(code: string): Promise<string> {
  return apiRequestToken('/auth/v1/2fa-recover/verify', { method: 'POST', body: { code }, ...keep });
}

export function getSetupKey(): Promise<string> {
  return apiRequestToken('/auth/totp/setup', keep);
}

export function disableTwoFactor(password: string): Promise<string> {
  return apiRequestToken('/auth/totp/disable', { method: 'POST', body: { password }, ...keep });
}

/** New recovery codes; every earlier code stops working. */
export async function createRecoveryCodes(): Promise<string[]> {
  const body = await apiRequest('/auth/v1/2fa-recover/create', { method: 'POST', ...keep });
  if (!Array.isArray(body) || !body.every((c) => typeof c === 'string')) throw new Error('Unexpected recovery codes response');
  return body as string[];
}

/** POST /user/v1/refresh-token {password}: proves the password again (fresh authTime). */
export function confirmIdentity(password: string): Promise<string> {
  return apiRequestToken('/user/v1/refresh-token', { method: 'POST', body: { password }, ...keep });
}

/** The otpauth:// URI authenticator apps scan (same parameters as the server's TOTP). */
export function setupKeyUri(setupKey: string, account: string): string {
  return new TOTP({ issuer: 'Flotilla', label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setupKey) }).toString();
}

/** A recovery-code file for download. */
export function recoveryCodesFile(codes: string[]): Blob {
  return new Blob([`Flotilla two-factor recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
}
