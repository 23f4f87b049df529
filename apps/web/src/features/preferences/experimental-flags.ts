import { useCallback, useSyncExternalStore } from 'react';

/**
 * Experimental flags kept in this browser only (accounts spec §3 "Preferences kept locally"):
 * e.g. the display-apps flag that shows apps next to fleets and blocks.
 */
export const EXPERIMENTAL_FLAGS = ['displayApps'] as const;
export type ExperimentalFlag = (typeof EXPERIMENTAL_FLAGS)[number];

const STORAGE_PREFIX = 'flotilla.experimental.';
const listeners = new Set<() => void>();

export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): FlagStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readFlag(flag: ExperimentalFlag, storage: FlagStorage | null = browserStorage()): boolean {
  return storage?.getItem(STORAGE_PREFIX + flag) === 'true';
}

/** Off is stored as no entry, so clearing site data resets every flag to off. */
export function writeFlag(flag: ExperimentalFlag, on: boolean, storage: FlagStorage | null = browserStorage()): void {
  if (!storage) return;
  if (on) storage.setItem(STORAGE_PREFIX + flag, 'true');
  else storage.removeItem(STORAGE_PREFIX + flag);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(STORAGE_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The flag's value, following changes in this tab and others. */
export function useExperimentalFlag(flag: ExperimentalFlag): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => readFlag(flag), () => false);
  const set = useCallback((on: boolean) => writeFlag(flag, on), [flag]);
  return [value, set];
}
