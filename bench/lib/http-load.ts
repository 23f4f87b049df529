import { Agent, request } from 'node:http';
import { summarize, type LatencySummary } from './stats.ts';
import { tsWorker } from './ts-worker.ts';

/**
 * A closed-loop HTTP load generator for loopback servers: `concurrency` async workers, each
 * sending its next request as soon as the previous answer is read, for a fixed duration.
 * Keep-alive sockets (one per worker) so the measurement is the server, not TCP set-up.
 *
 * `runLoadInWorker` runs it on a worker thread: the server under test keeps the main
 * thread's event loop to itself, and the same client load hits engine and ceiling alike.
 */
export interface LoadTarget {
  path: string;
  headers: Record<string, string>;
  /** Default GET. */
  method?: string;
  /** JSON text sent as the body (state reports). */
  body?: string;
}

export interface LoadSpec {
  /** http://127.0.0.1:port */
  baseUrl: string;
  targets: LoadTarget[];
  concurrency: number;
  durationMs: number;
  /** Status every answer should have; anything else is counted as unexpected. */
  expectStatus: number;
  /**
   * Open loop: start requests at this rate (per second) whatever the answers, as independent
   * devices do, and time each from its scheduled start (so queueing shows). Unset = closed loop.
   * `concurrency` then bounds the sockets, not the requests in flight.
   */
  ratePerSecond?: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  latency: LatencySummary;
  bytes: number;
  unexpected: Record<string, number>;
  durationMs: number;
}

function send(agent: Agent, base: URL, target: LoadTarget): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, path: target.path, method: target.method ?? 'GET', headers: target.headers },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}

/**
 * One run's tally, shared by both loops: `request(i, t0)` sends target i and times it from t0
 * (when it was sent, or when it was due), `result()` closes the run.
 */
function tally(spec: LoadSpec) {
  const base = new URL(spec.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  const count = (key: string) => (unexpected[key] = (unexpected[key] ?? 0) + 1);
  let bytes = 0;
  const start = performance.now();
  return {
    start,
    async request(i: number, t0: number): Promise<void> {
      try {
        const r = await send(agent, base, spec.targets[i % spec.targets.length]!);
        latencies.push(performance.now() - t0);
        bytes += r.bytes;
        if (r.status !== spec.expectStatus) count(String(r.status));
      } catch (err) {
        count((err as { code?: string }).code ?? 'error');
      }
    },
    result(): LoadResult {
      const durationMs = performance.now() - start;
      agent.destroy();
      return {
        requests: latencies.length,
        perSecond: Math.round((latencies.length / durationMs) * 1000),
        latency: summarize(latencies.length ? latencies : [0]),
        bytes,
        unexpected,
        durationMs: Math.round(durationMs),
      };
    },
  };
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.targets.length === 0) throw new Error('runLoad needs at least one target');
  const run = tally(spec);
  if (spec.ratePerSecond) {
    // Open loop: request i is due at i / rate; it is sent then, however many are still unanswered.
    const total = Math.round((spec.ratePerSecond * spec.durationMs) / 1000);
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = run.start + (i * 1000) / spec.ratePerSecond;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(run.request(i, due));
    }
    await Promise.all(inFlight);
    return run.result();
  }
  const deadline = run.start + spec.durationMs;
  const worker = async (index: number) => {
    // Workers walk disjoint strides of the device list, so every device polls.
    for (let i = index; performance.now() < deadline; i += spec.concurrency) await run.request(i, performance.now());
  };
  await Promise.all(Array.from({ length: spec.concurrency }, (_, i) => worker(i)));
  return run.result();
}

/** `runLoad` on a worker thread (TypeScript loaded through tsx's ESM API). */
export function runLoadInWorker(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = tsWorker(new URL('./http-load.worker.ts', import.meta.url), spec);
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}
