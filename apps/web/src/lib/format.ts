/** Display helpers shared by the screens. */

/** Accounts spec §2 Header: cut to 17 characters plus an ellipsis when longer than 20. */
export function truncateUsername(username: string): string {
  return username.length > 20 ? `${username.slice(0, 17)}...` : username;
}

/** Accounts spec §9 date format 'MMM do yyyy, h:mm a', e.g. "Jan 2nd 2026, 3:04 PM". */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const month = date.toLocaleString('en-US', { month: 'short' });
  const day = date.getDate();
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${month} ${day}${ordinalSuffix(day)} ${date.getFullYear()}, ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

/** One formatter for every call: building an Intl formatter costs ~1 ms, and a table asks per row. */
let relativeTimeFormat: Intl.RelativeTimeFormat | undefined;

/** "3 minutes ago" style relative time for last-seen columns. */
export function formatRelative(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return '—';
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return '—';
  const seconds = Math.round((now - then) / 1000);
  relativeTimeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const rtf = relativeTimeFormat;
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(-seconds, 'second');
  if (abs < 3600) return rtf.format(-Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(-Math.round(seconds / 3600), 'hour');
  return rtf.format(-Math.round(seconds / 86_400), 'day');
}

/** Bytes (device metrics report MB for memory and storage) shown with a unit. */
export function formatMegabytes(mb: number | null | undefined): string {
  if (mb === null || mb === undefined) return '—';
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}

/** Page title format (fleets spec §9): '{page} | [{deployment}] dashboard'. */
export const DEPLOYMENT_NAME = 'Flotilla';
export function pageTitle(page: string): string {
  return `${page} | ${DEPLOYMENT_NAME} dashboard`;
}
