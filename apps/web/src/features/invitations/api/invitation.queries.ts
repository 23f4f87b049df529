import { queryOptions } from '@tanstack/react-query';
import type { InvitationKind } from '../invitation-link.ts';
import { fetchInvitation } from './invitation.requests.ts';

/** Query keys of this feature: everything under `all`. */
export const invitationKeys = {
  all: ['invitation'] as const,
  detail: (kind: InvitationKind, token: string) => [...invitationKeys.all, kind, token] as const,
};

export function invitationQuery(kind: InvitationKind, token: string) {
  return queryOptions({
    queryKey: invitationKeys.detail(kind, token),
    queryFn: () => fetchInvitation(kind, token),
    retry: false,
    // The accept screen shows the failure itself (expired, invalid).
    meta: { silent: true },
  });
}
