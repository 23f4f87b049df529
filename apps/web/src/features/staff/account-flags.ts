import { decodeToken } from '../../lib/session.ts';

/** Account flags from `GET /user/profile` (accounts spec §2 header, §5, §6). */
export interface AccountFlags {
  isPlatformAdmin: boolean;
  isSupportAgent: boolean;
  hasPasswordOverLimit: boolean;
}

/** Reads the flags defensively: a missing field counts as not set. */
export function accountFlagsFrom(profile: unknown): AccountFlags {
  const p = profile !== null && typeof profile === 'object' ? (profile as Record<string, unknown>) : {};
  return {
    isPlatformAdmin: p.is_platform_admin === true,
    isSupportAgent: p.is_support_agent === true,
    hasPasswordOverLimit: p.has_password_over_limit === true,
  };
}

/**
 * The admin's user id when this session is a login-as-user session (the `actualUser` claim,
 * accounts spec §3), else null. Support tickets must be disabled while it is set (§6).
 */
export function actualUserOf(token: string | null): number | null {
  if (token === null) return null;
  const claims = decodeToken(token) as { actualUser?: unknown } | null;
  return typeof claims?.actualUser === 'number' ? claims.actualUser : null;
}

/**
 * Accounts spec §2: the header is red for admin or flagged accounts. Flagged here means a
 * platform-staff account (support agent) or a session acting as another user — the cases where
 * a mistake in the dashboard lands on someone else's fleet.
 */
export function isHeaderFlagged(flags: AccountFlags | undefined, actualUser: number | null): boolean {
  if (actualUser !== null) return true;
  return flags !== undefined && (flags.isPlatformAdmin || flags.isSupportAgent);
}
