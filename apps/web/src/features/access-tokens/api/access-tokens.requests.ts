import { apiRequestToken } from '../../../lib/http.ts';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the access-token mutations (api/access-tokens.mutations.ts). */

export interface NewAccessToken {
  name: string;
  description: string | null;
  expiryDate: string | null;
}

/** `POST /api-key/user/full`: answers the key itself, shown once. */
export function createAccessToken(values: NewAccessToken): Promise<string> {
  return apiRequestToken('/api-key/user/full', { method: 'POST', body: values });
}

export async function updateAccessToken(id: number, values: { name: string; description: string | null }): Promise<void> {
  await pine.patch({ resource: 'api_key', id, body: values });
}

export async function revokeAccessToken(id: number): Promise<void> {
  await pine.delete({ resource: 'api_key', id });
}

/** `POST /user/v1/refresh-token {password}`: proves identity again; a wrong password keeps the session. */
export function reverifyIdentity(password: string): Promise<string> {
  return apiRequestToken('/user/v1/refresh-token', { method: 'POST', body: { password }, keepSessionOn401: true });
}
