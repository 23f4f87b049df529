import type { FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { tooManyRequests } from '../auth/attempt-limits.ts';
import type { Principal } from '../auth/principal.ts';
import { createHeldSlots, type HeldSlots } from './held-slots.ts';

/**
 * Read streams that never end on their own — the dashboard's live events (`/live/v1/events`),
 * device and fleet log tails (`stream=1`) — each hold a socket, bus subscriptions and a send
 * buffer for as long as the caller keeps them. Without a bound, one free account could open
 * them until the process runs out of memory or file descriptors. A caller (a user, whether by
 * session or API key; a provisioning key; a device) may hold this many at once in one API
 * process: far above a dashboard's few tabs or a script tailing a fleet's devices one by one.
 * One more is refused with 429 and Retry-After; none already open is cut.
 */
export const MAX_OPEN_STREAMS_PER_CALLER = 64;
const STREAM_RETRY_MS = 10_000;

export type OpenStreams = HeldSlots<string>;

export function createOpenStreams(max = MAX_OPEN_STREAMS_PER_CALLER): OpenStreams {
  return createHeldSlots<string>(max);
}

/** Whose streams a request's count toward: a user's keys and sessions count together. */
function callerOf(principal: Principal): string {
  switch (principal.kind) {
    case 'user':
      return `user:${principal.userId}`;
    case 'application':
    case 'device':
      return `actor:${principal.actorId}`;
    default:
      return principal.kind;
  }
}

/**
 * Takes one of the caller's stream slots until `raw` closes (however the response ends), or
 * throws 429 when they hold every one.
 */
export function holdStreamSlot(request: FastifyRequest, raw: ServerResponse): void {
  const release = request.server.openStreams.take(callerOf(request.principal));
  if (!release) throw tooManyRequests(new Date(Date.now() + STREAM_RETRY_MS), new Date());
  raw.once('close', release);
}
