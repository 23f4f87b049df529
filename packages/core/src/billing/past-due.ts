/**
 * Past-due invoices and the organization freeze (accounts spec §4 "Organization frozen when
 * invoices are past due more than 60 days. Notices: under 30 days warning; 30 to 59 error with
 * days until freezing; 60 or more frozen message", §9 "Freeze after 60 days past due; warning
 * below 30"). The API's renewal job freezes with the same rule the dashboard's notice shows.
 */

/** Whole days past due from which the organization is frozen. */
export const FREEZE_AFTER_PAST_DUE_DAYS = 60;
/** Whole days past due below which the notice is a warning (from here on an error). */
export const PAST_DUE_WARNING_BELOW_DAYS = 30;
/** A past-due invoice is charged again at most once per this many milliseconds (the renewal job). */
export const PAST_DUE_RETRY_INTERVAL_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type PastDueLevel = 'none' | 'warning' | 'error' | 'frozen';

export interface PastDueStatus {
  level: PastDueLevel;
  /** Whole days since the oldest unpaid invoice was due (0 when none). */
  daysPastDue: number;
  /** Whole days left before the freeze (0 once frozen or when nothing is past due). */
  daysUntilFreeze: number;
}

/**
 * The notice for `has_past_due_invoice_since__date` at `now`. A date that cannot be read, or is
 * in the future (clocks apart), counts as due today.
 */
export function pastDueStatus(since: string | Date | null | undefined, now: Date): PastDueStatus {
  if (since === null || since === undefined || since === '') return { level: 'none', daysPastDue: 0, daysUntilFreeze: 0 };
  const start = new Date(since).getTime();
  const elapsed = Number.isNaN(start) ? 0 : Math.max(0, now.getTime() - start);
  const daysPastDue = Math.floor(elapsed / DAY_MS);
  const daysUntilFreeze = Math.max(0, FREEZE_AFTER_PAST_DUE_DAYS - daysPastDue);
  if (daysPastDue >= FREEZE_AFTER_PAST_DUE_DAYS) return { level: 'frozen', daysPastDue, daysUntilFreeze: 0 };
  return { level: daysPastDue < PAST_DUE_WARNING_BELOW_DAYS ? 'warning' : 'error', daysPastDue, daysUntilFreeze };
}

/** The latest past-due date that freezes at `now` (an organization past due since then or earlier is frozen). */
export function freezeCutoff(now: Date): Date {
  return new Date(now.getTime() - FREEZE_AFTER_PAST_DUE_DAYS * DAY_MS);
}
