import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { LinkDevice } from './device-links-seed.ts';
import type { ChildReady, ChildReply, ServerMode } from './device-links-server.ts';

/**
 * The parent's handle on a device-links-server.ts child: started with `--expose-gc` (its memory
 * is measured after full collections) under tsx, spoken to over IPC, and killed for real
 * (the failover bench's SIGKILL).
 */
const SERVER_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'device-links-server.ts');

export class ServerChild {
  readonly #child: ChildProcess;
  readonly #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #next = 0;

  private constructor(
    child: ChildProcess,
    readonly port: number,
    readonly pid: number,
    /** The server's warnings and errors so far, by message (and error code). */
    readonly warnings: Map<string, number>,
  ) {
    this.#child = child;
    this.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
    child.on('message', (m: ChildReply) => {
      const w = this.#waiting.get(m.id);
      if (!w) return;
      this.#waiting.delete(m.id);
      if (m.ok) w.resolve(m.value);
      else w.reject(new Error(`server child: ${m.error}`));
    });
    void this.exited.then(() => {
      for (const w of this.#waiting.values()) w.reject(new Error('server child exited'));
      this.#waiting.clear();
    });
  }

  /** Starts a server child and resolves once it listens on 127.0.0.1 (`env` is added to the bench's own). */
  static async start(mode: ServerMode, env: Record<string, string | undefined>): Promise<ServerChild> {
    const child = fork(SERVER_ENTRY, [mode], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const warnings = new Map<string, number>();
    // The server's log (warn and above): counted by message, not printed — a herd of devices
    // makes thousands of identical lines; the counts go into the result.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let key = line.slice(0, 120);
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { code?: string } };
        key = `${entry.msg ?? ''}${entry.err?.code ? ` (${entry.err.code})` : ''}`;
      } catch {
        // not JSON: counted by its start
      }
      warnings.set(key, (warnings.get(key) ?? 0) + 1);
    });
    const ready = await new Promise<ChildReady>((done, fail) => {
      child.once('message', (m: ChildReady) => done(m));
      child.once('exit', (code) => fail(new Error(`${mode} server exited with ${code} before it was ready`)));
    });
    return new ServerChild(child, ready.port, ready.pid, warnings);
  }

  #ask<T>(request: { op: 'seed'; devices: LinkDevice[] } | { op: 'count' } | { op: 'memory' }): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#child.send({ id, ...request });
    });
  }

  seed(devices: LinkDevice[]): Promise<{ fleetId: number }> {
    return this.#ask({ op: 'seed', devices });
  }

  /** Links held: devices the app marks linked, or the bare server's open sockets. */
  count(): Promise<number> {
    return this.#ask({ op: 'count' });
  }

  memory(): Promise<NodeJS.MemoryUsage> {
    return this.#ask({ op: 'memory' });
  }

  kill(signal: NodeJS.Signals): void {
    this.#child.kill(signal);
  }

  /** SIGTERM (the server's graceful stop), SIGKILL if it is still there after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    this.#child.kill('SIGTERM');
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
