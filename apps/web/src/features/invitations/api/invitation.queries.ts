import { queryOptions } from '@tanstack/react-query';
import { fetchInvitation } from './invitation.requests.ts';

/** Query keys of this feature: everything under `all`. */
export const invitationKeys = {
  all: ['invitation'] as const,
  detail: (token: string) => [...invitationKeys.all, token] as const,
};

export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: invitationKeys.detail(token),
    queryFn: () => fetchInvitation(token),
    retry: false,
    // The accept screen shows the failure itself (expired, invalid).
    meta: { silent: true },
  });
}
