/**
 * The browser's terminal socket (fleets spec §7 "Terminal": a websocket that authenticates with
 * the token and uuid; events data, resize, ssh connect, ssh disconnect, ready).
 *
 * `GET /terminal/v1/{uuid}` upgraded to a WebSocket, from the dashboard's own origin only. The
 * token never travels in the URL (URLs land in logs and history): the first message is
 * {@link TerminalAuth} with the session token, the target and the size. Then:
 * - API → browser `ready`: the token and the rules (terminal.ts) passed; the device is asked.
 * - API → browser `ssh-connect`: the device opened the shell; `data` flows both ways, `resize`
 *   goes to the device.
 * - API → browser `ssh-disconnect`: the shell ended (exit, the device's link dropped); the socket
 *   closes with {@link TERMINAL_CLOSE.ended}.
 * - A refusal closes the socket with {@link TERMINAL_CLOSE.unauthorized} (no such device, not
 *   permitted, a credential that is not a user's session — one answer for all) or
 *   {@link TERMINAL_CLOSE.unavailable} with the reason of terminal.ts as the close reason, or
 *   `tooManySessions` when the server's session caps are reached (apps/api terminal-sessions.ts).
 * - While the session runs the server checks the token and the permission again (every 30 s);
 *   when either is gone the socket closes with {@link TERMINAL_CLOSE.unauthorized}. Each check
 *   also pings the browser; one that did not answer the previous ping is cut off (a dead peer).
 * - Bounds: a frame over {@link TERMINAL_MAX_FRAME_BYTES} closes the socket with
 *   {@link TERMINAL_CLOSE.tooBig}; output the browser does not read, past
 *   {@link TERMINAL_MAX_BUFFERED_BYTES} waiting, ends the session with
 *   {@link TERMINAL_CLOSE.outputBacklog}.
 */
import { z } from 'zod';
import { TERMINAL_MAX_DATA, terminalData, terminalSize, terminalTarget, type TerminalUnavailableReason } from './terminal.ts';

export const TERMINAL_PATH = '/terminal/v1';
export const terminalPath = (uuid: string) => `${TERMINAL_PATH}/${uuid}`;

/** The browser must authenticate within this long after the socket opened. */
export const TERMINAL_AUTH_TIMEOUT_MS = 10_000;
/** The device must open the shell within this long, or the session ends as not linked. */
export const TERMINAL_OPEN_TIMEOUT_MS = 10_000;
/** The largest frame of the browser's socket (a data message of TERMINAL_MAX_DATA characters, escaped). */
export const TERMINAL_MAX_FRAME_BYTES = 128 * 1024;
/**
 * Output waiting to be sent to the browser beyond which the session ends: a browser that does
 * not read while its device keeps writing would otherwise grow the server's memory without bound.
 * A reading browser, even a slow one, stays far below it (a data frame is at most ~100 KiB).
 */
export const TERMINAL_MAX_BUFFERED_BYTES = 1024 * 1024;

export const TERMINAL_CLOSE = {
  /** The shell ended or the device's link dropped (after `ssh-disconnect`). */
  ended: 4000,
  unauthorized: 4401,
  /** A start rule refused the session; the close reason is a TerminalUnavailableReason. */
  unavailable: 4409,
  /** The browser sent something that is not a terminal message. */
  badMessage: 4400,
  /** The browser sent a frame over TERMINAL_MAX_FRAME_BYTES (WebSocket's own "message too big"). */
  tooBig: 1009,
  /** The browser left more than TERMINAL_MAX_BUFFERED_BYTES of output unread; the reason is `outputBacklog`. */
  outputBacklog: 4429,
} as const;

export const terminalAuth = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  target: terminalTarget,
  size: terminalSize,
});
export type TerminalAuth = z.infer<typeof terminalAuth>;

/** What the browser sends after `auth`. */
export const browserTerminalMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('data'), data: terminalData }),
  z.object({ type: z.literal('resize'), size: terminalSize }),
]);
export type BrowserTerminalMessage = z.infer<typeof browserTerminalMessage>;

/** What the API sends to the browser. */
export const serverTerminalMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('ssh-connect') }),
  z.object({ type: z.literal('data'), data: terminalData }),
  z.object({ type: z.literal('ssh-disconnect'), code: z.number().int().nullable() }),
]);
export type ServerTerminalMessage = z.infer<typeof serverTerminalMessage>;

export const TERMINAL_UNAVAILABLE_REASONS: readonly TerminalUnavailableReason[] = ['noPermission', 'oldOs', 'localMode', 'notRunning', 'notLinked'];

export function isTerminalUnavailableReason(value: string): value is TerminalUnavailableReason {
  return (TERMINAL_UNAVAILABLE_REASONS as readonly string[]).includes(value);
}

/** Splits text into pieces of at most TERMINAL_MAX_DATA characters (a large paste), never inside a surrogate pair. */
export function chunkTerminalData(text: string, max = TERMINAL_MAX_DATA): string[] {
  const pieces: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + max);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}
