import { storeItem, type KeyValueStorage } from '../../lib/browser-storage.ts';

/**
 * The logs panel's remembered choices (fleets spec §2 "Preferences stored: UTC mode and hide
 * timestamps"), per user in localStorage (`flotilla.deviceLogs.<userKey>`), as the lists
 * remember their lens. Missing, unreadable or foreign values give the defaults.
 */
export interface LogPreferences {
  isUtc: boolean;
  hideTimestamps: boolean;
}

export const DEFAULT_LOG_PREFERENCES: LogPreferences = { isUtc: false, hideTimestamps: false };

export const logPreferencesKey = (userKey: string) => `flotilla.deviceLogs.${userKey}`;

export function readLogPreferences(storage: KeyValueStorage | null, userKey: string | null): LogPreferences {
  if (userKey === null) return DEFAULT_LOG_PREFERENCES;
  let raw: unknown = null;
  try {
    raw = JSON.parse(storage?.getItem(logPreferencesKey(userKey)) ?? 'null');
  } catch {
    raw = null;
  }
  if (raw === null || typeof raw !== 'object') return DEFAULT_LOG_PREFERENCES;
  const { isUtc, hideTimestamps } = raw as Record<string, unknown>;
  return {
    isUtc: typeof isUtc === 'boolean' ? isUtc : DEFAULT_LOG_PREFERENCES.isUtc,
    hideTimestamps: typeof hideTimestamps === 'boolean' ? hideTimestamps : DEFAULT_LOG_PREFERENCES.hideTimestamps,
  };
}

export function writeLogPreferences(storage: KeyValueStorage | null, userKey: string, preferences: LogPreferences): void {
  storeItem(storage, logPreferencesKey(userKey), JSON.stringify(preferences));
}
