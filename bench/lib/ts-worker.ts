import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of the bench, loaded through tsx's ESM API (a
 * worker does not inherit the loader the bench was started with). Used to keep a load client off
 * the event loop of the servers it measures (http-load.ts, supervisor-client.ts).
 */
export function tsWorker(entry: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
