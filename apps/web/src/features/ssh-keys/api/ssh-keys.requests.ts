import { z } from 'zod';
import * as userPublicKey from '@flotilla/core/schemas/odata/user-public-key';
import { pine } from '../../../lib/pine.ts';
import { importOutcome, importedKeyTitles, keysNotYetSaved, type ImportOutcome } from '../ssh-key-import.ts';
import type { SshKeyRow } from './ssh-keys.queries.ts';

/** The HTTP calls behind the SSH key mutations (api/ssh-keys.mutations.ts). */

export async function createSshKey(userId: number, title: string, publicKey: string): Promise<void> {
  await pine.post({ resource: userPublicKey.resource, body: { user: userId, title: title.trim(), public_key: publicKey.trim() } });
}

export async function deleteSshKey(id: number): Promise<void> {
  await pine.delete({ resource: userPublicKey.resource, id });
}

/** One entry of the code host's key list (GitHub's `{id, key}`); other fields are ignored. */
const codeHostKey = z.object({ key: z.string() });

/**
 * The public keys a code-host user publishes (`GET {api}/users/{username}/keys`, accounts spec §7),
 * fetched straight from the code host without our token. A missing user answers no keys, and so
 * does an answer that is not a list; entries without a key are skipped (a third party's format).
 */
export async function fetchCodeHostKeys(apiUrl: string, username: string): Promise<string[]> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/users/${encodeURIComponent(username.trim())}/keys`, {
    headers: { Accept: 'application/json' },
  });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`The code host answered ${response.status}`);
  const body = z.array(z.unknown()).safeParse(await response.json());
  if (!body.success) return [];
  return body.data.flatMap((entry) => {
    const parsed = codeHostKey.safeParse(entry);
    return parsed.success ? [parsed.data.key] : [];
  });
}

/** Fetches a code-host user's keys and saves those not saved yet as 'GitHub Key N'. */
export async function importSshKeys(apiUrl: string, username: string, userId: number, saved: readonly SshKeyRow[]): Promise<ImportOutcome> {
  const fetched = await fetchCodeHostKeys(apiUrl, username);
  const fresh = keysNotYetSaved(fetched, saved.map((key) => key.public_key));
  const titles = importedKeyTitles(saved.map((key) => key.title), fresh.length);
  const results = await Promise.allSettled(fresh.map((key, i) => createSshKey(userId, titles[i] ?? '', key)));
  return importOutcome(fetched.length, fresh.length, results.filter((r) => r.status === 'rejected').length);
}
