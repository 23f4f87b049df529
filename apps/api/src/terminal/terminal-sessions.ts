import type { FastifyInstance } from 'fastify';

/** How long a running session goes between checks of its token and its permission (fleets spec §4). */
export const TERMINAL_ACCESS_CHECK_MS = 30_000;
/**
 * Sessions one user may hold on one device through this process. The dashboard keeps one per
 * target tab (the host OS and each service) while another tab is shown; the agent's own cap is
 * 16 per device (apps/device shell): one account, free or not, can take at most half of them.
 */
export const TERMINAL_MAX_PER_USER_DEVICE = 8;
/** Sessions this process holds in all: each one is a socket, a subscription and a shell on a device. */
export const TERMINAL_MAX_SESSIONS = 512;

export interface TerminalLimits {
  accessCheckMs: number;
  maxPerUserDevice: number;
  maxSessions: number;
}

/** The open terminal sessions of one API process, counted by user and device. */
export class TerminalSessions {
  private readonly byUserDevice = new Map<string, number>();
  private readonly byDevice = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: TerminalLimits) {}

  /** Takes a slot for `userId` on `uuid`, or says which cap refuses it; the release function gives it back (once). */
  take(userId: number, uuid: string): { release: () => void } | null {
    const key = `${userId}:${uuid}`;
    if (this.total >= this.limits.maxSessions || (this.byUserDevice.get(key) ?? 0) >= this.limits.maxPerUserDevice) return null;
    const bump = (map: Map<string, number>, k: string, by: number) => {
      const n = (map.get(k) ?? 0) + by;
      if (n > 0) map.set(k, n);
      else map.delete(k);
    };
    bump(this.byUserDevice, key, 1);
    bump(this.byDevice, uuid, 1);
    this.total += 1;
    let isReleased = false;
    return {
      release: () => {
        if (isReleased) return;
        isReleased = true;
        bump(this.byUserDevice, key, -1);
        bump(this.byDevice, uuid, -1);
        this.total -= 1;
      },
    };
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
      maxSessions: limits.maxSessions ?? TERMINAL_MAX_SESSIONS,
    });
    registries.set(app.eventBus, sessions);
  }
  return sessions;
}
