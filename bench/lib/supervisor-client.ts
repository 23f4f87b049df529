import { tsWorker } from './ts-worker.ts';

/**
 * The users' side of W11's batches (supervisor-batch.bench.ts) on a thread of its own: the
 * dashboard's batch (one `POST /supervisor/v1/blink {deviceId}` per device, `runBatch` at the
 * product's concurrency, as the browser sends them) and the fleet-wide call. A browser or the
 * CLI runs on another machine; here its `fetch` calls would otherwise share the event loop of
 * the two API processes and the agents they are measured on, and be charged to them (the same
 * reason bench/lib/http-load.ts runs its load on a worker thread).
 */
export interface SupervisorClientSpec {
  /** Base URL of the API process the calls go to. */
  baseUrl: string;
  /** A session token of a developer of the fleet. */
  token: string;
  fleetId: number;
  concurrency: number;
}

type ClientWork = { kind: 'dashboard'; deviceIds: number[] } | { kind: 'fleet-wide'; devices: number };
export type SupervisorClientRequest = ClientWork & { id: number };
export type SupervisorClientReply = { id: number; ms: number } | { id: number; error: string };

export interface SupervisorClient {
  /** Runs the dashboard's batch on these devices; resolves to its milliseconds, rejects on any failed call. */
  dashboard(deviceIds: number[]): Promise<number>;
  /** One fleet-wide call that must answer 207 with `devices` replies of 200; resolves to its milliseconds. */
  fleetWide(devices: number): Promise<number>;
  close(): Promise<void>;
}

export function startSupervisorClient(spec: SupervisorClientSpec): SupervisorClient {
  const worker = tsWorker(new URL('./supervisor-client.worker.ts', import.meta.url), spec);
  const pending = new Map<number, { resolve(ms: number): void; reject(err: Error): void }>();
  let nextId = 1;
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (reply: SupervisorClientReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if ('error' in reply) p.reject(new Error(reply.error));
    else p.resolve(reply.ms);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`supervisor client exited with ${code}`)));
  const ask = (request: ClientWork) =>
    new Promise<number>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return {
    dashboard: (deviceIds) => ask({ kind: 'dashboard', deviceIds }),
    fleetWide: (devices) => ask({ kind: 'fleet-wide', devices }),
    close: async () => {
      await worker.terminate();
    },
  };
}
