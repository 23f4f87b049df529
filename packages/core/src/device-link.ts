/**
 * The device link ("cloudlink", DESIGN.md "Devices"): one outbound WebSocket from each device to
 * the API, over which the API forwards `POST /supervisor/<path>` (compat §4, §4.1) to the device
 * and gets the supervisor's reply back. Written once here for the API (apps/api/src/device-link)
 * and the agent (apps/device/src/link).
 *
 * Connection: `GET /device/v1/link` upgraded to a WebSocket, with
 * `Authorization: Bearer <device API key>` (the device is the key's device; nothing else names
 * it). A key that is not a device key closes the socket with {@link LINK_CLOSE.unauthorized}.
 * A newer link of the same device replaces the older, which is closed with
 * {@link LINK_CLOSE.replaced}; its agent comes back only after a long back-off
 * ({@link replacedReconnectDelayMs}), so two agents holding one key (a cloned card) do not take
 * the link from each other every few seconds, while the survivor of a clone that went away
 * does come back.
 *
 * Heartbeats: the API sends a WebSocket ping every {@link LINK_PING_MS}; a device that has not
 * answered by the next ping is dropped. The device treats a link with no ping for
 * {@link LINK_SILENCE_MS} as dead and reconnects. Reconnects back off with full jitter
 * ({@link reconnectDelayMs}).
 *
 * Messages are JSON text frames:
 * - API → device: {@link LinkRequest}: do `method path` on the local supervisor API with `body`.
 * - device → API: {@link LinkResponse}: the supervisor's status and body for request `id`.
 * - device → API: {@link LinkHello}, once after connecting: what the device's link can do.
 * - Terminal sessions (web terminal, packages/core terminal.ts): API → device `terminal-open`
 *   (target, size), `terminal-input`, `terminal-resize`, `terminal-close`; device → API
 *   `terminal-opened`, `terminal-output`, `terminal-exit`. Every one names its session, an id
 *   the API chose; a device ignores input for a session it did not open.
 */
import { z } from 'zod';
import { DIAGNOSTICS_LINK_PATH } from './diagnostics.ts';
import { OS_UPDATE_LINK_PATH } from './schemas/os-update.ts';
import { terminalData, terminalSize, terminalTarget } from './terminal.ts';

/** The path of the link's WebSocket on the API. */
export const DEVICE_LINK_PATH = '/device/v1/link';

/** The API pings every device this often. */
export const LINK_PING_MS = 20_000;
/** A device that heard no ping for this long reconnects. */
export const LINK_SILENCE_MS = 50_000;
/** How long the API waits for a device's reply to a forwarded request (the SDK waits 50–59 s). */
export const LINK_REQUEST_TIMEOUT_MS = 45_000;
/** The largest frame either side accepts (a supervisor reply is small; state JSON is the biggest). */
export const LINK_MAX_FRAME_BYTES = 1024 * 1024;
/**
 * A link with more than this still waiting to be written to its device is not reading: the API
 * refuses further calls and terminal frames on it (answered as an unreachable device) rather than
 * queue them in its own memory without bound.
 */
export const LINK_MAX_BUFFERED_BYTES = LINK_MAX_FRAME_BYTES;
/** What a request frame adds around its body: type, a 64-character id at most, the method, a 512-character path at most, the keys. */
export const LINK_REQUEST_ENVELOPE_BYTES = 1024;
/**
 * The largest `data` of a `/supervisor` call, serialised (UTF-8 bytes of its JSON). The SDK's
 * bodies are a few dozen bytes; every device of a fleet-wide call gets its own copy, and a frame
 * over LINK_MAX_FRAME_BYTES makes the agent drop its link, so it always fits one frame.
 */
export const SUPERVISOR_MAX_DATA_BYTES = Math.min(64 * 1024, LINK_MAX_FRAME_BYTES - LINK_REQUEST_ENVELOPE_BYTES);

/** The bytes `data` (parsed JSON) takes in a request frame; 0 when absent. */
export function serialisedBytes(data: unknown): number {
  return data === undefined ? 0 : new TextEncoder().encode(JSON.stringify(data)).byteLength;
}

/** WebSocket close codes of the link (4000–4999 are the application's). */
export const LINK_CLOSE = {
  unauthorized: 4401,
  replaced: 4409,
  /** The device was deactivated or deleted while linked. */
  gone: 4410,
  shuttingDown: 1001,
} as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A supervisor API path: segments of letters, digits, `_`, `-` and `.`, none starting with a dot (no `..`). */
export const SUPERVISOR_PATH = /^(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;
export type LinkMethod = (typeof HTTP_METHODS)[number];

export const linkRequest = z.object({
  type: z.literal('request'),
  id: z.string().min(1).max(64),
  method: z.enum(HTTP_METHODS),
  /** The supervisor API path, e.g. `/v1/blink` or `/v2/applications/1/restart-service`. */
  path: z.string().regex(SUPERVISOR_PATH).max(512),
  body: z.unknown().optional(),
});
export type LinkRequest = z.infer<typeof linkRequest>;

export const linkResponse = z.object({
  type: z.literal('response'),
  id: z.string().min(1).max(64),
  status: z.number().int().min(100).max(599),
  /** Parsed JSON when the supervisor answered JSON, else its text; absent for no body. */
  body: z.unknown().optional(),
});
export type LinkResponse = z.infer<typeof linkResponse>;

export const linkHello = z.object({
  type: z.literal('hello'),
  /** `simulated` (the fleet simulator) or `supervisor` (a sidecar forwarding to a real supervisor). */
  mode: z.enum(['simulated', 'supervisor']),
  supervisorVersion: z.string().max(64).optional(),
});
export type LinkHello = z.infer<typeof linkHello>;

const sessionId = z.string().min(1).max(64);
/** A device holds at most this many terminal sessions at once; more are refused at open. */
export const LINK_MAX_TERMINAL_SESSIONS = 16;

export const terminalOpen = z.object({ type: z.literal('terminal-open'), session: sessionId, target: terminalTarget, size: terminalSize });
export const terminalInput = z.object({ type: z.literal('terminal-input'), session: sessionId, data: terminalData });
export const terminalResize = z.object({ type: z.literal('terminal-resize'), session: sessionId, size: terminalSize });
export const terminalClose = z.object({ type: z.literal('terminal-close'), session: sessionId });
export const terminalOpened = z.object({ type: z.literal('terminal-opened'), session: sessionId });
export const terminalOutput = z.object({ type: z.literal('terminal-output'), session: sessionId, data: terminalData });
/** The shell ended: its exit code, or null when it did not start or the link took it down. */
export const terminalExit = z.object({ type: z.literal('terminal-exit'), session: sessionId, code: z.number().int().nullable() });

/** Terminal frames from the API to a device, and from a device to the API. */
export const apiToDeviceTerminal = z.discriminatedUnion('type', [terminalOpen, terminalInput, terminalResize, terminalClose]);
export type ApiToDeviceTerminal = z.infer<typeof apiToDeviceTerminal>;
export const deviceToApiTerminal = z.discriminatedUnion('type', [terminalOpened, terminalOutput, terminalExit]);
export type DeviceToApiTerminal = z.infer<typeof deviceToApiTerminal>;

/** What the API accepts from a device. */
export const deviceToApiMessage = z.discriminatedUnion('type', [linkResponse, linkHello, terminalOpened, terminalOutput, terminalExit]);
export type DeviceToApiMessage = z.infer<typeof deviceToApiMessage>;

/** What a device accepts from the API. */
export const apiToDeviceMessage = z.discriminatedUnion('type', [linkRequest, terminalOpen, terminalInput, terminalResize, terminalClose]);
export type ApiToDeviceMessage = z.infer<typeof apiToDeviceMessage>;

/** Parses one text frame, or null when it is not JSON or not a message of `schema`. */
export function parseLinkFrame<T>(schema: z.ZodType<T>, text: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The exponential ceiling of the `attempt`-th wait (0 first): base, 2 × base, 4 × base … up to cap. */
function backoffCeilingMs(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** Reconnect back-off: full jitter over an exponential ceiling (1 s, 2 s, 4 s … capped at 60 s). */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random, baseMs = 1000, capMs = 60_000): number {
  return Math.floor(random() * backoffCeilingMs(attempt, baseMs, capMs));
}

/**
 * The back-off after the API closed the link as {@link LINK_CLOSE.replaced}: 5 min after a first
 * replacement, doubling with each replacement in a row up to 30 min. A streak ends when a link
 * stayed up for `quietMs` (no other holder of the key showed up meanwhile: longer than the cap,
 * so two clones keep their streaks growing).
 */
export const LINK_REPLACED_BACKOFF = { baseMs: 5 * 60_000, capMs: 30 * 60_000, quietMs: 2 * 60 * 60_000 } as const;

/**
 * How long an agent whose link was replaced waits before it connects again, for the `streak`-th
 * replacement in a row (0 for the first). Equal jitter, between half and all of the exponential
 * ceiling: never short (two clones must not flap fast), and spread out, so clones drift apart.
 */
export function replacedReconnectDelayMs(streak: number, random: () => number = Math.random, baseMs: number = LINK_REPLACED_BACKOFF.baseMs, capMs: number = LINK_REPLACED_BACKOFF.capMs): number {
  const ceiling = backoffCeilingMs(streak, baseMs, capMs);
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The permission a `POST /supervisor/<path>` call needs on each device it reaches (fleets spec §6
 * "Device actions": restart, identify, purge, reboot, shutdown and the container controls are
 * resin.device.supervisor-proxy-write). Reading the supervisor's state is a diagnostic
 * (resin.device.access_diagnostics, the diagnostics page's "supervisor state" tab); a ping tells
 * only that the device answers, so reading the device is enough.
 */
export function supervisorProxyPermission(method: LinkMethod, path: string): string {
  if (method !== 'GET') return 'resin.device.supervisor-proxy-write';
  return path === '/ping' ? 'resin.device.read' : 'resin.device.access_diagnostics';
}

/**
 * Flotilla's own paths on the agent (the host OS update, diagnostics): the API calls them from
 * their own routes, with their own permission and checks (apps/api os-update/, diagnostics/).
 * The generic `/supervisor` proxy refuses them, in any letter case (a real supervisor's router
 * ignores case).
 */
const RESERVED_LINK_PATHS = [OS_UPDATE_LINK_PATH, '/v1/diagnostics'] as const;

/** Whether `path` is one of Flotilla's reserved agent paths or under one (see RESERVED_LINK_PATHS). */
export function isReservedSupervisorPath(path: string): boolean {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  // The regex too: were the diagnostics paths (diagnostics.ts) to move, they would stay reserved.
  return DIAGNOSTICS_LINK_PATH.test(lower) || RESERVED_LINK_PATHS.some((reserved) => lower === reserved || lower.startsWith(`${reserved}/`));
}

/** The answer for a call that reaches no device: absent, not visible, or not linked (one answer for all). */
export const NO_ONLINE_DEVICES = 'No online device(s) found';
