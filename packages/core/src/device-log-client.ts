/**
 * How a client shows a device's log stream (fleets spec §2 "Logs panel", §4 "Device log
 * stream", §8 "Diagnostics and logs", §9 "Size and paging" and "Timing"): the buffer cap, the
 * reconnect policy, the search match and the download file name. Pure; the dashboard's logs
 * panel and fleet tail use it.
 */

/** §9 "Log buffer: 5000 lines": older lines are dropped first. */
export const LOG_BUFFER_LINES = 5000;
/** §9 "Log search debounce: 500 ms". */
export const LOG_SEARCH_DEBOUNCE_MS = 500;
/** §9 "Empty-log message after 3 s": a stream that has said nothing yet is not yet "empty". */
export const LOG_EMPTY_MESSAGE_DELAY_MS = 3000;
/** §8/§9 "Log stream errors retry after 1 s, or after 10 s for a 503 or certain network errors". */
export const LOG_RETRY_MS = 1000;
export const LOG_RETRY_SLOW_MS = 10_000;
/** §4 "Reconnect requests a count of 0, otherwise 100" (compat §4: `?stream=1&count=N`). */
export const LOG_FIRST_COUNT = 100;
export const LOG_RECONNECT_COUNT = 0;

/**
 * How many history lines to ask for: 100 when the stream opens, 0 when it reopens after an
 * error (the lines already shown are kept, so the history burst would repeat them).
 */
export function logStreamCount(isReconnect: boolean): number {
  return isReconnect ? LOG_RECONNECT_COUNT : LOG_FIRST_COUNT;
}

/**
 * Why a stream stopped: the server answered with an HTTP status, nothing answered or the
 * connection broke mid-stream (`network`), or the server ended the stream (`ended`).
 */
export type LogStreamFailure = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'ended' };

/**
 * The wait before reopening: 10 s when the service is unavailable (503) or the network failed
 * (a server that is down or restarting would be hammered every second), 1 s otherwise. A 4xx
 * other than 408/429 is not retried at all (null): asking again cannot change the answer.
 */
export function logRetryDelay(failure: LogStreamFailure): number | null {
  if (failure.kind === 'network') return LOG_RETRY_SLOW_MS;
  if (failure.kind === 'ended') return LOG_RETRY_MS;
  if (failure.status === 503) return LOG_RETRY_SLOW_MS;
  if (failure.status >= 400 && failure.status < 500 && failure.status !== 408 && failure.status !== 429) return null;
  return LOG_RETRY_MS;
}

/** The buffer after `incoming` arrives: at most `cap` lines, the oldest dropped. */
export function appendLogLines<T>(buffer: readonly T[], incoming: readonly T[], cap = LOG_BUFFER_LINES): T[] {
  const joined = buffer.concat(incoming);
  return joined.length > cap ? joined.slice(joined.length - cap) : joined;
}

/** What the search and the filters look at in a line. */
export interface SearchableLogLine {
  message: string;
  serviceName?: string | null;
}

/**
 * Lines matching `search` (case-insensitive, in the message or the service name; blank matches
 * all) and, when `service` is given, only that service's lines.
 */
export function filterLogLines<T extends SearchableLogLine>(lines: readonly T[], search: string, service: string | null = null): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '' && service === null) return lines as T[];
  return lines.filter((line) => {
    if (service !== null && line.serviceName !== service) return false;
    if (needle === '') return true;
    return line.message.toLowerCase().includes(needle) || (line.serviceName ?? '').toLowerCase().includes(needle);
  });
}

/**
 * A downloaded log's file name, from the uuid, the type and the time (§2 "built from uuid, type
 * and timestamp, lowercased"): `<uuid>-<type>-<yyyy-mm-ddthh-mm-ssz>.log`. The type is the
 * device type slug for a device (or "fleet" for a fleet's tail). Characters a file system may
 * refuse (`:` in the time, path separators) become `-`.
 */
export function logDownloadFileName(uuid: string, type: string, at: Date): string {
  const time = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  // eslint-disable-next-line no-control-regex
  const safe = (part: string) => part.trim().replace(/[\u0000-\u001f\u007f/\\:*?"<>|\s]+/g, '-');
  return `${[uuid, type, time].map(safe).join('-')}.log`.toLowerCase();
}

/** A line's time as the panel shows it: local time, or UTC with a Z (`2026-11-27 09:16:46.123`). */
export function formatLogTime(ms: number, isUtc: boolean): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const [y, mo, day, h, mi, s, msPart] = isUtc
    ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()]
    : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()];
  return `${y}-${pad(mo)}-${pad(day)} ${pad(h)}:${pad(mi)}:${pad(s)}.${pad(msPart, 3)}${isUtc ? 'Z' : ''}`;
}
