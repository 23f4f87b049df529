/**
 * Runs `tick` every `intervalMs` (measured from the end of the previous tick, so ticks never
 * overlap). The returned function stops the schedule and waits for a tick in progress, so a
 * server can close its database right after. Errors go to `onError` and do not stop the job.
 */
export function startPeriodic<T>(
  tick: () => Promise<T>,
  intervalMs: number,
  handlers: { onResult?: (result: T) => void; onError?: (err: unknown) => void } = {},
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (!stopped) timer = setTimeout(run, intervalMs);
  };
  const run = () => {
    running = tick()
      .then((r) => handlers.onResult?.(r))
      .catch((err: unknown) => handlers.onError?.(err))
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
