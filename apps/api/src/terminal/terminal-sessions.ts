import type { FastifyInstance } from 'fastify';
import { createHeldSlots, type HeldSlots } from '../lib/held-slots.ts';

/** How long a running session goes between checks of its token and its permission (fleets spec §4), each with a ping of the browser. */
export const TERMINAL_ACCESS_CHECK_MS = 30_000;
/**
 * Sessions one user may hold on one device through this process. The dashboard keeps one per
 * target tab (the host OS and each service) while another tab is shown; the agent's own cap is
 * 16 per device (apps/device shell): one account, free or not, can take at most half of them.
 */
export const TERMINAL_MAX_PER_USER_DEVICE = 8;
/**
 * Sessions one user may hold through this process, all devices together: devices are free to
 * register, so without it one account with many devices of its own could take the whole
 * process's TERMINAL_MAX_SESSIONS from everyone else.
 */
export const TERMINAL_MAX_PER_USER = 32;
/** Sessions this process holds in all: each one is a socket, a subscription and a shell on a device. */
export const TERMINAL_MAX_SESSIONS = 512;
/**
 * Sockets from one client address (an IPv6 /64, auth/client-address.ts) still waiting for their
 * `auth` message: an unauthenticated socket costs a timer and a socket for 10 s, and has no user
 * to count it by. The dashboard opens one per terminal tab and authenticates at once.
 */
export const TERMINAL_MAX_PENDING_PER_ADDRESS = 16;

export interface TerminalLimits {
  accessCheckMs: number;
  maxPerUserDevice: number;
  maxPerUser: number;
  maxSessions: number;
}

function bump<K>(map: Map<K, number>, key: K, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/** The open terminal sessions of one API process, counted by user, user and device, and device; and the sockets not yet authenticated, by address. */
export class TerminalSessions {
  private readonly byUserDevice = new Map<string, number>();
  private readonly byUser = new Map<number, number>();
  private readonly byDevice = new Map<string, number>();
  private total = 0;
  /** Sockets waiting for `auth`, by addressKey (auth/client-address.ts). */
  readonly pending: HeldSlots<string> = createHeldSlots(TERMINAL_MAX_PENDING_PER_ADDRESS);

  constructor(readonly limits: TerminalLimits) {}

  /** Takes a slot for `userId` on `uuid`, or null when a cap refuses it; the release function gives it back (once). */
  take(userId: number, uuid: string): { release: () => void } | null {
    const key = `${userId}:${uuid}`;
    if (
      this.total >= this.limits.maxSessions ||
      (this.byUser.get(userId) ?? 0) >= this.limits.maxPerUser ||
      (this.byUserDevice.get(key) ?? 0) >= this.limits.maxPerUserDevice
    ) {
      return null;
    }
    bump(this.byUserDevice, key, 1);
    bump(this.byUser, userId, 1);
    bump(this.byDevice, uuid, 1);
    this.total += 1;
    let isReleased = false;
    return {
      release: () => {
        if (isReleased) return;
        isReleased = true;
        bump(this.byUserDevice, key, -1);
        bump(this.byUser, userId, -1);
        bump(this.byDevice, uuid, -1);
        this.total -= 1;
      },
    };
  }

  countOf(userId: number): number {
    return this.byUser.get(userId) ?? 0;
  }

  countFor(uuid: string): number {
    return this.byDevice.get(uuid) ?? 0;
  }

  get size(): number {
    return this.total;
  }
}

/**
 * One registry per API process. Keyed by the app's event bus (one per process, shared by the
 * encapsulated terminal plugin and the root instance), so tests holding the app can read the
 * counts without a public route.
 */
const registries = new WeakMap<object, TerminalSessions>();

export function terminalSessionsOf(app: Pick<FastifyInstance, 'eventBus' | 'config'>): TerminalSessions {
  let sessions = registries.get(app.eventBus);
  if (!sessions) {
    const limits = app.config.terminalLimits ?? {};
    sessions = new TerminalSessions({
      accessCheckMs: limits.accessCheckMs ?? TERMINAL_ACCESS_CHECK_MS,
      maxPerUserDevice: limits.maxPerUserDevice ?? TERMINAL_MAX_PER_USER_DEVICE,
      maxPerUser: limits.maxPerUser ?? TERMINAL_MAX_PER_USER,
      maxSessions: limits.maxSessions ?? TERMINAL_MAX_SESSIONS,
    });
    registries.set(app.eventBus, sessions);
  }
  return sessions;
}
