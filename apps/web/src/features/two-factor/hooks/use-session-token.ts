import { useSyncExternalStore } from 'react';
import { AUTH_TIME_WINDOW_MS } from '@flotilla/core/account-rules';
import { decodeToken, getToken, subscribeSession } from '../../../lib/session.ts';

/** The current session token, re-rendering when it changes (this tab or another). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(
    (onChange) => subscribeSession(() => onChange()),
    getToken,
    () => null,
  );
}

export type TwoFactorStatus = 'disabled' | 'pending' | 'passed';

/** Accounts spec §4: the claim absent = disabled, true = pending, false = passed. */
export function twoFactorStatusOf(token: string | null): TwoFactorStatus {
  const claim = token ? decodeToken(token)?.twoFactorRequired : undefined;
  if (claim === true) return 'pending';
  if (claim === false) return 'passed';
  return 'disabled';
}

/** True when the token's password proof is within the 20-minute window (accounts §9). */
export function isRecentlyAuthenticated(token: string | null, now = Date.now()): boolean {
  const authTime = token ? (decodeToken(token) as { authTime?: unknown } | null)?.authTime : undefined;
  return typeof authTime === 'number' && now - authTime <= AUTH_TIME_WINDOW_MS;
}
