// Runs the published balena-cli (installed by global-setup.ts) against a live Flotilla server the
// way a user would: configured with environment variables only (README "Using balena-cli with
// Flotilla"), each CLI instance with its own data directory, so its login is its own.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { cliEnvironment } from './cli-environment.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface BalenaCli {
  /** `balena <args>`; resolves with the exit code and both outputs (never rejects on a non-zero exit). */
  run(args: string[], options?: { input?: string; timeoutMs?: number; env?: Record<string, string> }): Promise<CliResult>;
  /** `balena <args>`, failing the test with the CLI's own output when it exits non-zero. */
  ok(args: string[], options?: { input?: string; timeoutMs?: number; env?: Record<string, string> }): Promise<string>;
  /** `balena login --token <token>` (a session JWT or an API key). */
  login(token: string): Promise<void>;
  readonly dataDir: string;
  readonly env: Record<string, string>;
}

export function balenaCli(apiUrl: string): BalenaCli {
  const entry = inject('balenaCliEntry');
  const dataDir = mkdtempSync(join(tmpdir(), 'balenarc-'));
  const env = cliEnvironment(apiUrl, dataDir);
  const run: BalenaCli['run'] = (args, options = {}) =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [entry, ...args],
        {
          // PATH and HOME only: no BALENARC_* or proxy variables of the machine leak in.
          env: { PATH: process.env.PATH ?? '', HOME: dataDir, ...env, ...options.env },
          timeout: options.timeoutMs ?? 50_000,
          maxBuffer: 16 * 1024 * 1024,
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
      if (options.input !== undefined) child.stdin?.end(options.input);
      else child.stdin?.end();
    });
  const ok: BalenaCli['ok'] = async (args, options) => {
    const result = await run(args, options);
    if (result.code !== 0) {
      throw new Error(`balena ${args.join(' ')} exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
    }
    return result.stdout;
  };
  return {
    run,
    ok,
    dataDir,
    env,
    async login(token) {
      await ok(['login', '--token', token]);
    },
  };
}
