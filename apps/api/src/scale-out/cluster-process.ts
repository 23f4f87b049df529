import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../db/scratch-database.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CLUSTER_SCRIPT = join(ROOT, 'scripts/start-cluster.mjs');

/** One JSON log line of a worker (pino: `pid` on every line). */
export type LogLine = Record<string, unknown> & { pid: number; msg: string };

export interface ClusterProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output(): string;
  logLines(): LogLine[];
  /** The pids that logged "Flotilla API started", in order. */
  startedPids(): number[];
  /** The pids whose "request completed" line is for `method` `url`. */
  servedBy(method: string, url: string): Set<number>;
}

/** `npm run start:cluster` as an operator runs it, with a fresh DATA_DIR and no dashboard build. */
export function startCluster(env: Record<string, string>): ClusterProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-cluster-'));
  const child = spawn(process.execPath, [CLUSTER_SCRIPT], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, FLOTILLA_NODE: 'system', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-build'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const logLines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  return {
    child,
    url: `http://127.0.0.1:${env.PORT}`,
    exited,
    output: () => out,
    logLines,
    startedPids: () => logLines().filter((l) => l.msg === 'Flotilla API started').map((l) => l.pid),
    servedBy: (method, url) => {
      const lines = logLines().filter((l) => l.msg === 'request completed');
      return new Set(lines.filter((l) => (l.req as { method?: string; url?: string } | undefined)?.method === method && (l.req as { url?: string }).url === url).map((l) => l.pid));
    },
  };
}

/**
 * One request on a connection of its own (no keep-alive agent), so that the cluster's primary
 * hands each one to the next worker in turn.
 */
export function send(url: string, opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: string }> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', agent: false, headers: { ...opts.headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A fresh PostgreSQL database next to `url`'s, for a cluster of its own; `drop` removes it. */
export const scratchDatabase = (url: string) => createScratchDatabase(url, 'flotilla_c');
