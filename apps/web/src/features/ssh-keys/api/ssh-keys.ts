import { queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';

/** An SSH key of the signed-in user (accounts spec §3 ssh key), OData `user__has__public_key`. */
export interface SshKeyRow {
  id: number;
  title: string;
  public_key: string;
  fingerprint: string | null;
  created_at: string;
}

export const sshKeyKeys = { all: ['ssh-keys'] as const };

export const sshKeysQuery = queryOptions({
  queryKey: sshKeyKeys.all,
  queryFn: async () =>
    (await pine.get({
      resource: 'user__has__public_key',
      options: { $select: ['id', 'title', 'public_key', 'fingerprint', 'created_at'], $orderby: { created_at: 'desc' } },
    })) as SshKeyRow[],
});

export async function createSshKey(userId: number, title: string, publicKey: string): Promise<SshKeyRow> {
  return (await pine.post({
    resource: 'user__has__public_key',
    body: { user: userId, title: title.trim(), public_key: publicKey.trim() },
  })) as SshKeyRow;
}

export async function deleteSshKey(id: number): Promise<void> {
  await pine.delete({ resource: 'user__has__public_key', id });
}

/**
 * The public keys a code-host user publishes (`GET {api}/users/{username}/keys`, accounts spec §7),
 * fetched straight from the code host without our token. A missing user answers no keys.
 */
export async function fetchCodeHostKeys(apiUrl: string, username: string): Promise<string[]> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/users/${encodeURIComponent(username.trim())}/keys`, {
    headers: { Accept: 'application/json' },
  });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`The code host answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry: unknown) =>
    entry !== null && typeof entry === 'object' && typeof (entry as { key?: unknown }).key === 'string' ? [(entry as { key: string }).key] : [],
  );
}
