import { stderrJobLogger, type JobLogger } from '../jobs/periodic.ts';

/** At most one logged Redis error per client this often; the ones between are counted on the next line. */
export const REDIS_ERROR_LOG_MS = 30_000;

/**
 * The `onError` of the Redis link hub and event bus (server.ts): node-redis reports a lost
 * connection and every failed reconnect attempt (several a second) as an error and reconnects by
 * itself. Without a listener that logs them, Redis going away was silent while cross-process
 * features (device calls through another process, live events, log tails, terminals) stopped.
 * The first error of each part is logged at once, later ones at most every `intervalMs` with how
 * many were left out. `log()` is read at each error: the server's logger once it exists,
 * stderr before (a start waiting for Redis says why).
 */
export function redisErrorReporter(log: () => JobLogger = () => stderrJobLogger, intervalMs = REDIS_ERROR_LOG_MS): (part: string) => (error: Error) => void {
  return (part) => {
    let lastAt = -Infinity;
    let left = 0;
    return (error) => {
      const now = Date.now();
      if (now - lastAt < intervalMs) {
        left += 1;
        return;
      }
      lastAt = now;
      log().error({ err: error, redis: part, ...(left > 0 ? { errorsSinceLast: left } : {}) }, 'Redis connection failed; cross-process live features wait for it (reconnecting)');
      left = 0;
    };
  };
}
