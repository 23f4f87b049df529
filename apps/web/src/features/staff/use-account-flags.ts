import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken, subscribeSession } from '../../lib/session.ts';
import { profileQuery } from '../profile/api/profile.queries.ts';
import { accountFlagsFrom, actualUserOf, isHeaderFlagged, type AccountFlags } from './account-flags.ts';

/** The signed-in user's flags; shares the profile query's cache (one request for both). */
export function useAccountFlags(): AccountFlags | undefined {
  return useQuery({ ...profileQuery, select: accountFlagsFrom }).data;
}

/** The admin behind a login-as-user session, or null; follows token changes in any tab. */
export function useActualUser(): number | null {
  const token = useSyncExternalStore(
    (onChange) => subscribeSession(() => onChange()),
    getToken,
    () => null,
  );
  return actualUserOf(token);
}

/** Accounts spec §2: the header turns red for admin or flagged accounts (see isHeaderFlagged). */
export function useHeaderFlagged(): boolean {
  return isHeaderFlagged(useAccountFlags(), useActualUser());
}
