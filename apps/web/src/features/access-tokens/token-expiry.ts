import { API_KEY_EXPIRY_PRESET_DAYS } from '@flotilla/core/account-rules';

/**
 * Access token expiry choices (accounts spec §5 API key): presets of 1, 7, 30, 90 days, a
 * custom date-time that is not in the past, or never (shown with a warning).
 */
export type ExpiryChoice = `${(typeof API_KEY_EXPIRY_PRESET_DAYS)[number]}` | 'custom' | 'never';

export const EXPIRY_CHOICES: readonly ExpiryChoice[] = [
  ...API_KEY_EXPIRY_PRESET_DAYS.map((days) => `${days}` as ExpiryChoice),
  'custom',
  'never',
];

const DAY_MS = 24 * 3600 * 1000;

export type ExpiryResult = { ok: true; expiryDate: string | null } | { ok: false; error: 'customRequired' | 'customInPast' };

/** The `expiryDate` to send (ISO string, or null for never), or why the choice is not valid. */
export function resolveExpiry(choice: ExpiryChoice, custom: string, now: number = Date.now()): ExpiryResult {
  if (choice === 'never') return { ok: true, expiryDate: null };
  if (choice === 'custom') {
    if (custom.trim() === '') return { ok: false, error: 'customRequired' };
    const at = new Date(custom).getTime();
    if (Number.isNaN(at)) return { ok: false, error: 'customRequired' };
    if (at < now) return { ok: false, error: 'customInPast' };
    return { ok: true, expiryDate: new Date(at).toISOString() };
  }
  return { ok: true, expiryDate: new Date(now + Number(choice) * DAY_MS).toISOString() };
}

/** `now` as the value of a datetime-local input (local time, minutes), its `min`. */
export function dateTimeLocalValue(now: number = Date.now()): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
