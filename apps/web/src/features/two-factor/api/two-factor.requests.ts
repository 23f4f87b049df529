import { recoveryCodesResponse } from '@flotilla/core/schemas/auth';
import { apiRequest, apiRequestToken } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

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
  const route = '/auth/v1/2fa-recover/create';
  return parseResponse(recoveryCodesResponse, route, await apiRequest(route, { method: 'POST', ...keep }));
}
