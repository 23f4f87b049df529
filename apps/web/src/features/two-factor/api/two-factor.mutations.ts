import { useMutation } from '@tanstack/react-query';
import { setToken } from '../../../lib/session.ts';
import { createRecoveryCodes, disableTwoFactor, verifyTotpCode } from './two-factor.requests.ts';

/**
 * The two-factor writes. Two-factor state lives in the session token's claim (not in a query),
 * so the hooks that change it store the new token; nothing cached needs refreshing. The dialogs
 * show every error inline (meta.silent).
 */

/** The pairing code from the authenticator: enables two-factor and answers the new token. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => verifyTotpCode(code),
    meta: { silent: true },
    onSuccess: (token) => setToken(token),
  });
}

/** Needs the password; answers the new token without the two-factor claim. */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => disableTwoFactor(password),
    meta: { silent: true },
    onSuccess: (token) => setToken(token),
  });
}

/** New recovery codes, shown once; every earlier code stops working. */
export function useCreateRecoveryCodes() {
  return useMutation({
    mutationFn: () => createRecoveryCodes(),
    meta: { silent: true },
  });
}
