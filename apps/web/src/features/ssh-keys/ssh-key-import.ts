import { keyIdentity } from './ssh-key-rules.ts';

/** Accounts spec §5: imported keys are titled 'GitHub Key N'. */
export const IMPORTED_TITLE_PREFIX = 'GitHub Key';

/**
 * Titles for `count` imported keys, 'GitHub Key 1', 'GitHub Key 2', … skipping numbers whose
 * title is already taken (compared case-insensitively, as people read titles).
 */
export function importedKeyTitles(existingTitles: readonly string[], count: number): string[] {
  const taken = new Set(existingTitles.map((title) => title.trim().toLowerCase()));
  const titles: string[] = [];
  for (let n = 1; titles.length < count; n++) {
    const title = `${IMPORTED_TITLE_PREFIX} ${n}`;
    if (!taken.has(title.toLowerCase())) titles.push(title);
  }
  return titles;
}

/** The fetched keys that are not saved yet (same type and data), without repeats among them. */
export function keysNotYetSaved(fetched: readonly string[], saved: readonly string[]): string[] {
  const seen = new Set(saved.map(keyIdentity));
  const fresh: string[] = [];
  for (const key of fetched) {
    const identity = keyIdentity(key);
    if (identity === '' || seen.has(identity)) continue;
    seen.add(identity);
    fresh.push(key.trim());
  }
  return fresh;
}

export type ImportOutcome =
  | { kind: 'none-returned' }
  | { kind: 'all-saved-already'; count: number }
  | { kind: 'done'; saved: number; failed: number; total: number };

/** Accounts spec §8 SSH: none returned, all already saved, failed to save some or all (counts). */
export function importOutcome(fetchedCount: number, freshCount: number, failedCount: number): ImportOutcome {
  if (fetchedCount === 0) return { kind: 'none-returned' };
  if (freshCount === 0) return { kind: 'all-saved-already', count: fetchedCount };
  return { kind: 'done', saved: freshCount - failedCount, failed: failedCount, total: freshCount };
}
