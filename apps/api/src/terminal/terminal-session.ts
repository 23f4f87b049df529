import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { terminalAvailability, type TerminalSize, type TerminalTarget } from '@flotilla/core/terminal';
import {
  TERMINAL_AUTH_TIMEOUT_MS,
  TERMINAL_CLOSE,
  TERMINAL_MAX_BUFFERED_BYTES,
  TERMINAL_MAX_FRAME_BYTES,
  TERMINAL_OPEN_TIMEOUT_MS,
  browserTerminalMessage,
  terminalAuth,
  type ServerTerminalMessage,
} from '@flotilla/core/terminal-protocol';
import { resolveCredential } from '../auth/credentials.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { findTerminalDevice } from './terminal-access.repository.ts';
import { deviceTopic, sessionInbound, sessionTopic, type RelayInbound } from './terminal-relay.ts';
import { terminalSessionsOf } from './terminal-sessions.ts';

/** Unanswered link checks in a row that end a session whose link's relay has answered before. */
const MISSED_CHECKS_TO_END = 2;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A frame's size in bytes, however ws delivered it (one buffer, or the fragments of one message). */
function frameBytes(data: RawData): number {
  return Array.isArray(data) ? data.reduce((n, part) => n + part.byteLength, 0) : data.byteLength;
}

/** The first message's token as a user's session, or null: API keys, device and provisioning keys, pending 2FA, junk. */
async function sessionUser(app: FastifyInstance, token: string): Promise<UserPrincipal | null> {
  try {
    const { principal, session } = await resolveCredential(app.credentialReads, app.config, token, { allowSession: true });
    if (principal.kind !== 'user' || principal.via !== 'jwt' || session?.twoFactorRequired === true) return null;
    return principal;
  } catch {
    return null;
  }
}

/**
 * One browser's terminal socket (packages/core terminal-protocol.ts): waits for `auth`, checks the
 * caller and the start rules on the server, then opens a session on the device through the event
 * bus, wherever the device's link is held (terminal-relay.ts), and passes data both ways until
 * either end closes. The token is read from the first message only: it never appears in a URL.
 * `address` is the client's addressKey (auth/client-address.ts), by which sockets that have not
 * authenticated yet are counted.
 */
export function serveTerminalSocket(app: FastifyInstance, socket: WebSocket, uuid: string, address: string, log: FastifyBaseLogger): void {
  const session = randomUUID();
  /** auth: waiting for the token; checking: the rules are read; opening: the device is asked; open: it answered. */
  let stage: 'auth' | 'checking' | 'opening' | 'open' | 'closed' = 'auth';
  let unsubscribe: (() => Promise<void>) | null = null;
  let releaseSlot: (() => void) | null = null;
  let periodicCheck: NodeJS.Timeout | undefined;
  const sessions = terminalSessionsOf(app);
  // Held until the auth message: an unauthenticated socket has no user to count it by (terminal-sessions.ts).
  let releasePending = sessions.pending.take(address);
  /** Whether the browser answered the last ping (the periodic check sends one). */
  let isAnswering = true;
  /**
   * Checks in a row that the device's link left unanswered (terminal-relay.ts `terminal-check`),
   * counted only once it has answered one: a relay of an older version (a rolling upgrade)
   * never answers, and must not end a live shell. Two in a row, not one, so a stall of one
   * interval on the relay's process does not either.
   */
  let missedChecks = 0;
  let relayAnswers = false;
  let timer: NodeJS.Timeout | undefined = setTimeout(() => close(TERMINAL_CLOSE.unauthorized, 'unauthorized'), TERMINAL_AUTH_TIMEOUT_MS);

  // A function, not a comparison: TypeScript would keep `stage` narrowed across the awaits in start().
  const isClosed = () => stage === 'closed';
  const send = (message: ServerTerminalMessage) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message));
    // A browser that does not read while its device writes: the output would pile up here without
    // bound (ws queues what the socket cannot take). The session ends; what is queued drains or is
    // dropped with the socket (ws's close timeout).
    if (socket.bufferedAmount > TERMINAL_MAX_BUFFERED_BYTES) close(TERMINAL_CLOSE.outputBacklog, 'outputBacklog');
  };
  const toDevice = (frame: RelayInbound) => app.eventBus.publish(deviceTopic(uuid), frame).catch((error: unknown) => log.warn({ err: error }, 'could not publish terminal input'));

  function close(code: number, reason: string): void {
    if (stage === 'closed') return;
    const wasOpening = stage === 'opening' || stage === 'open';
    stage = 'closed';
    clearTimeout(timer);
    clearInterval(periodicCheck);
    releasePending?.();
    releaseSlot?.();
    if (wasOpening) void toDevice({ type: 'terminal-close', session });
    void unsubscribe?.().catch(() => undefined);
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  }

  async function start(target: TerminalTarget, size: TerminalSize, token: string): Promise<void> {
    const user = await sessionUser(app, token);
    const device = user ? await findTerminalDevice(app.db, user, uuid, target) : undefined;
    if (isClosed()) return;
    if (!user || !device) return close(TERMINAL_CLOSE.unauthorized, 'unauthorized');
    // The database's link flag, confirmed by the hub: a process that died with the link open leaves the flag behind.
    const isLinked = device.is_connected_to_vpn && (await app.linkHub.linkedAmong([device.uuid])).has(device.uuid);
    const containerStatus = device.containerStatuses.find((s) => /^(running|idle)$/i.test(s)) ?? device.containerStatuses.at(-1) ?? null;
    const availability = terminalAvailability(target, { isPermitted: true, os_version: device.os_version, isInLocalMode: device.isInLocalMode, is_connected_to_vpn: isLinked, containerStatus });
    // The browser may have left while the rules were read: nothing to open then.
    if (isClosed()) return;
    if (!availability.isAvailable) return close(TERMINAL_CLOSE.unavailable, availability.reason);
    // Caps (terminal-sessions.ts): one account cannot take all of a device's shells, nor the server's sockets.
    const slot = sessions.take(user.userId, uuid);
    if (!slot) return close(TERMINAL_CLOSE.unavailable, 'tooManySessions');
    releaseSlot = slot.release;
    stage = 'opening';
    // Access was checked once; a user removed from the fleet, lowered to a role without the
    // permission, or whose token expired or was revoked (logout of other sessions, password
    // change) must not keep the shell: the same check runs again while the session lives.
    // Each check pings the browser too, as the device link pings devices: a browser gone without
    // a word (a closed laptop, a dropped network) would otherwise hold its slot and shell until
    // TCP gave up.
    periodicCheck = setInterval(() => {
      if (!isAnswering) {
        socket.terminate();
        return close(1001, 'noPong');
      }
      isAnswering = false;
      socket.ping();
      if (stage === 'open') {
        // The link the session was opened through is gone without a word (its process was killed or lost Redis): so is the shell.
        if (relayAnswers && missedChecks >= MISSED_CHECKS_TO_END) {
          send({ type: 'ssh-disconnect', code: null });
          return close(TERMINAL_CLOSE.ended, 'ended');
        }
        missedChecks += 1;
        void toDevice({ type: 'terminal-check', session });
      }
      void stillAllowed(token, target).then(
        (isAllowed) => {
          if (!isAllowed) close(TERMINAL_CLOSE.unauthorized, 'unauthorized');
        },
        (error: unknown) => {
          log.warn({ err: error }, 'terminal access check failed');
          close(TERMINAL_CLOSE.unauthorized, 'unauthorized');
        },
      );
    }, sessions.limits.accessCheckMs);
    unsubscribe = await app.eventBus.subscribe(sessionTopic(session), (payload) => {
      const parsed = sessionInbound.safeParse(payload);
      if (!parsed.success || stage === 'closed') return;
      const frame = parsed.data;
      if (frame.type === 'terminal-held') {
        relayAnswers = true;
        missedChecks = 0;
      } else if (frame.type === 'terminal-opened') {
        stage = 'open';
        clearTimeout(timer);
        send({ type: 'ssh-connect' });
      } else if (frame.type === 'terminal-output') {
        send({ type: 'data', data: frame.data });
      } else {
        send({ type: 'ssh-disconnect', code: frame.code });
        close(TERMINAL_CLOSE.ended, 'ended');
      }
    });
    if (isClosed()) return void unsubscribe().catch(() => undefined);
    send({ type: 'ready' });
    // A device that never answers (its link just dropped) is as good as not linked: the dashboard re-creates the session.
    timer = setTimeout(() => close(TERMINAL_CLOSE.unavailable, 'notLinked'), TERMINAL_OPEN_TIMEOUT_MS);
    await toDevice({ type: 'terminal-open', session, target, size });
  }

  /** The token still stands for a user's live session (expiry, revocation) and the device's rule still lets them in. */
  async function stillAllowed(token: string, target: TerminalTarget): Promise<boolean> {
    const user = await sessionUser(app, token);
    return user !== null && (await findTerminalDevice(app.db, user, uuid, target)) !== undefined;
  }

  socket.on('message', (data, isBinary) => {
    // The server's sockets take frames up to the device link's 1 MiB (app.ts); a terminal's are far smaller.
    if (frameBytes(data) > TERMINAL_MAX_FRAME_BYTES) return close(TERMINAL_CLOSE.tooBig, 'message too big');
    if (isBinary) return close(TERMINAL_CLOSE.badMessage, 'bad message');
    const value = parseJson(data.toString());
    if (stage === 'auth') {
      const auth = terminalAuth.safeParse(value);
      if (!auth.success) return close(TERMINAL_CLOSE.unauthorized, 'unauthorized');
      clearTimeout(timer);
      releasePending?.();
      releasePending = null;
      // Messages sent before `ready` are not taken.
      stage = 'checking';
      void start(auth.data.target, auth.data.size, auth.data.token).catch((error: unknown) => {
        log.error({ err: error }, 'terminal session failed to start');
        close(1011, 'internal error');
      });
      return;
    }
    if (stage !== 'open' && stage !== 'opening') return;
    const message = browserTerminalMessage.safeParse(value);
    if (!message.success) return close(TERMINAL_CLOSE.badMessage, 'bad message');
    if (message.data.type === 'data') void toDevice({ type: 'terminal-input', session, data: message.data.data });
    else void toDevice({ type: 'terminal-resize', session, size: message.data.size });
  });
  socket.on('pong', () => {
    isAnswering = true;
  });
  socket.on('close', () => close(1000, 'closed'));
  socket.on('error', () => close(1011, 'error'));
  // Refused after the upgrade, like the other caps: the dashboard reads the close, not an HTTP status.
  if (!releasePending) close(TERMINAL_CLOSE.unavailable, 'tooManySessions');
}
