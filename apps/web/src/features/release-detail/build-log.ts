/** Fleets spec §9: the build log shows up to 2999 lines, in a terminal of 3000 lines of scrollback. */
export const BUILD_LOG_MAX_LINES = 2999;
export const BUILD_LOG_SCROLLBACK = 3000;

/**
 * The lines of a build log to show: the last BUILD_LOG_MAX_LINES (a build's end says why it
 * failed), with how many were left out before them. A trailing newline ends the last line, it
 * does not start an empty one.
 */
export function buildLogTail(log: string | null, max = BUILD_LOG_MAX_LINES): { lines: string[]; omitted: number } {
  if (log === null || log === '') return { lines: [], omitted: 0 };
  const lines = log.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (lines.length <= max) return { lines, omitted: 0 };
  return { lines: lines.slice(-max), omitted: lines.length - max };
}
