/**
 * Granting support access to a fleet or device until a date (fleets spec §5 "Support access
 * date", §9 "Support access default: now plus 5 minutes", §6 "Support access banners").
 */
export const SUPPORT_ACCESS_DEFAULT_MINUTES = 5;

/** The date offered when the grant form opens: now plus 5 minutes. */
export function defaultSupportAccessUntil(now: Date): Date {
  return new Date(now.getTime() + SUPPORT_ACCESS_DEFAULT_MINUTES * 60_000);
}

/** The earliest date that may be chosen: now. */
export function supportAccessMinimum(now: Date): Date {
  return new Date(now.getTime());
}

export type SupportAccessDateProblem = 'required' | 'invalid' | 'past';

/** What is wrong with a chosen expiry (text from a date-time field), or null. */
export function supportAccessDateProblem(value: string | null | undefined, now: Date): SupportAccessDateProblem | null {
  if (value == null || value.trim() === '') return 'required';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'invalid';
  if (date.getTime() < supportAccessMinimum(now).getTime()) return 'past';
  return null;
}

/** Whether support access is granted at `now`: a date in the future. */
export function isSupportAccessActive(until: string | null | undefined, now: Date): boolean {
  if (!until) return false;
  const date = new Date(until);
  return !Number.isNaN(date.getTime()) && date.getTime() > now.getTime();
}

/**
 * The value of an `<input type="datetime-local">` for a date, in the browser's time zone
 * (`YYYY-MM-DDTHH:mm`): the field has no zone, so it is built from local parts.
 */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
