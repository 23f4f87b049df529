import { storeItem, type KeyValueStorage } from './browser-storage.ts';

/**
 * A list's lens (how its page is shown: table, grid, map) remembered in localStorage per user
 * (`flotilla.<name>.<userKey>`). An unknown user, a stored value the list does not know, or a
 * storage that throws give the list's first lens.
 */
export function lensPreference<L extends string>(name: string, lenses: readonly [L, ...L[]]) {
  const keyOf = (userKey: string) => `flotilla.${name}.${userKey}`;
  const isLens = (value: unknown): value is L => typeof value === 'string' && (lenses as readonly string[]).includes(value);
  return {
    keyOf,
    read(storage: KeyValueStorage | null, userKey: string | null): L {
      if (userKey === null) return lenses[0];
      let raw: string | null = null;
      try {
        raw = storage?.getItem(keyOf(userKey)) ?? null;
      } catch {
        raw = null;
      }
      return isLens(raw) ? raw : lenses[0];
    },
    write(storage: KeyValueStorage | null, userKey: string, lens: L): void {
      storeItem(storage, keyOf(userKey), lens);
    },
  };
}
