import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/**
 * The organization invitation endpoints (web contract): `GET /org/v1/invitation/:token` (no
 * sign-in needed) describes the invite; `POST` accepts it for the signed-in user, whose email
 * must be the invitee's.
 */

export interface InvitationDetails {
  organization: { id: number; name: string };
  role: string;
  inviter: string | null;
  invitee: string | null;
  message?: string | null;
}

function readDetails(body: unknown): InvitationDetails {
  const b = (body ?? {}) as Record<string, unknown>;
  const org = (b.organization ?? {}) as Record<string, unknown>;
  // The inviter may come as a username string or as a user object.
  const inviter = typeof b.inviter === 'string' ? b.inviter : typeof (b.inviter as { username?: unknown } | null)?.username === 'string' ? (b.inviter as { username: string }).username : null;
  const invitee = typeof b.invitee === 'string' ? b.invitee : typeof (b.invitee as { email?: unknown } | null)?.email === 'string' ? (b.invitee as { email: string }).email : null;
  return {
    organization: { id: Number(org.id), name: String(org.name ?? '') },
    role: typeof b.role === 'string' ? b.role : typeof (b.role as { name?: unknown } | null)?.name === 'string' ? (b.role as { name: string }).name : '',
    inviter,
    invitee,
    message: typeof b.message === 'string' ? b.message : null,
  };
}

export function invitationQuery(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: async () => readDetails(await apiRequest(`/org/v1/invitation/${encodeURIComponent(token)}`)),
    retry: false,
    // The accept screen shows the failure itself (expired, invalid).
    meta: { silent: true },
  });
}

export async function acceptInvitation(token: string): Promise<{ organization: { id: number; name: string } }> {
  const body = (await apiRequest(`/org/v1/invitation/${encodeURIComponent(token)}`, { method: 'POST' })) as
    | { organization?: { id: number; name: string } }
    | undefined;
  return { organization: body?.organization ?? { id: 0, name: '' } };
}
