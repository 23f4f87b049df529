/**
 * What to write to a terminal that shows `previous` so that it shows `next`: the appended part
 * when `next` only grew (a log polled again, a live session's output), else everything again
 * after a reset. Kept apart from xterm so it is tested without a canvas.
 */
export function terminalUpdate(previous: string, next: string): { reset: boolean; write: string } {
  if (next.startsWith(previous)) return { reset: false, write: next.slice(previous.length) };
  return { reset: true, write: next };
}

/**
 * Text as a terminal expects it: a line feed alone only moves down, so each `\n` (or `\r\n`)
 * becomes `\r\n`. ANSI escapes (colours) pass through untouched.
 */
export function toTerminalText(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
