/** What a background job needs of a logger (Fastify's pino logger in the server). */
export interface JobLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * For callers without the server's logger (scripts, tests): a job's failure still reaches
 * stderr instead of vanishing. The server passes `app.log`.
 */
export const stderrJobLogger: JobLogger = {
  error: (obj, msg) => console.error(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  info: () => undefined,
};

export interface PeriodicOptions<T> {
  /** Job name, put on every log line of the job. */
  name: string;
  log: JobLogger;
  onResult?: (result: T) => void;
}

/**
 * Runs `tick` every `intervalMs` (measured from the end of the previous tick, so ticks never
 * overlap). The returned function stops the schedule and waits for a tick in progress, so a
 * server can close its database right after. A failed tick is logged at `error` with its
 * cause and does not stop the job: the next tick retries.
 */
export function startPeriodic<T>(tick: () => Promise<T>, intervalMs: number, { name, log, onResult }: PeriodicOptions<T>): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (!stopped) timer = setTimeout(run, intervalMs);
  };
  const run = () => {
    running = tick()
      .then((r) => onResult?.(r))
      .catch((err: unknown) => log.error({ err, job: name }, `${name} job failed`))
      .finally(() => {
        running = null;
        schedule();
      });
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
