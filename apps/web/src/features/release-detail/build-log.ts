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

/** Height of the build-log terminal in px: a short log gets a short terminal, a long one 420 px (~24 rows) to scroll in. */
export function buildLogHeight(lineCount: number): number {
  const ROW_PX = 17;
  return Math.min(420, Math.max(4, lineCount) * ROW_PX);
}
