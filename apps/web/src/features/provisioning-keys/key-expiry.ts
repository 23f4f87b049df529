/**
 * The optional expiry date of a provisioning key: a calendar day (`YYYY-MM-DD` from a date
 * input), the key lasting until the end of that day in the user's time zone; blank for a key
 * that never expires. A day already over is refused.
 */
export type KeyExpiryResult = { ok: true; expiryDate: string | null } | { ok: false; error: 'invalidDate' | 'dateInPast' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function resolveKeyExpiry(value: string, now: number = Date.now()): KeyExpiryResult {
  const text = value.trim();
  if (text === '') return { ok: true, expiryDate: null };
  const match = DAY.exec(text);
  if (!match) return { ok: false, error: 'invalidDate' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  // Date() rolls 2026-02-31 over into March: such a day does not exist.
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== day) return { ok: false, error: 'invalidDate' };
  if (end.getTime() <= now) return { ok: false, error: 'dateInPast' };
  return { ok: true, expiryDate: end.toISOString() };
}

/** Today as a date input's value (local time), its `min`. */
export function todayDateValue(now: number = Date.now()): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
