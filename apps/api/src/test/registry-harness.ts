import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REGISTRY_TOKEN_ISSUER } from '../registry/token.service.ts';

/**
 * The Docker distribution registry (Debian `docker-registry`) on a loopback port, with token
 * auth pointed at our API, for integration tests; and skopeo to push images to it. Both
 * binaries are required: CI installs them (.ci/run), a missing one fails the test loudly.
 */

export const REGISTRY_BIN = '/usr/bin/docker-registry';
export const SKOPEO_BIN = '/usr/bin/skopeo';

export function requireRegistryBinaries(): void {
  const missing = [REGISTRY_BIN, SKOPEO_BIN].filter((b) => !existsSync(b));
  if (missing.length > 0) {
    throw new Error(`Registry tests need ${missing.join(' and ')}: run \`sudo apt-get install -y docker-registry skopeo\`.`);
  }
}

/** A port free on 127.0.0.1 now (the registry needs its port in its config before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export interface TestRegistry {
  /** `http://127.0.0.1:<port>`: the API's REGISTRY_URL. */
  url: string;
  /** `127.0.0.1:<port>`: the token service name and the host in image locations. */
  host: string;
  stop(): Promise<void>;
}

export interface StartRegistryOptions {
  port: number;
  /** The API's token endpoint, e.g. `http://127.0.0.1:4000/auth/v1/token`. */
  realm: string;
  /** PEM of the API's token signing certificate (GET /auth/v1/registry-cert). */
  certificatePem: string;
}

export async function startTestRegistry(opts: StartRegistryOptions): Promise<TestRegistry> {
  requireRegistryBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-registry-'));
  const host = `127.0.0.1:${opts.port}`;
  const certFile = join(dir, 'token-cert.pem');
  writeFileSync(certFile, opts.certificatePem);
  const configFile = join(dir, 'config.yml');
  writeFileSync(
    configFile,
    [
      'version: 0.1',
      'log:',
      '  level: warn',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${join(dir, 'data')}`,
      'http:',
      `  addr: ${host}`,
      `  secret: ${Math.random().toString(36).slice(2)}`,
      'auth:',
      '  token:',
      `    realm: ${opts.realm}`,
      `    service: ${host}`,
      `    issuer: ${REGISTRY_TOKEN_ISSUER}`,
      `    rootcertbundle: ${certFile}`,
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(REGISTRY_BIN, ['serve', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://${host}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited (${child.exitCode}):\n${output}`);
    try {
      // Up when /v2/ answers; with token auth that is a 401 challenge.
      const res = await fetch(`${url}/v2/`);
      if (res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`docker-registry did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    host,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const run = promisify(execFile);

/**
 * `skopeo copy oci:<dir>:latest docker://<location>` with Basic credentials (user name
 * `<user>`, password a session token or API key, as `balena deploy` logs in). Rejects with
 * skopeo's message when the registry refuses.
 */
export async function skopeoPush(ociDir: string, location: string, username: string, password: string): Promise<void> {
  requireRegistryBinaries();
  await run(SKOPEO_BIN, ['--insecure-policy', 'copy', '--quiet', '--dest-tls-verify=false', '--dest-creds', `${username}:${password}`, `oci:${ociDir}:latest`, `docker://${location}:latest`], {
    timeout: 60_000,
    env: { ...process.env, HOME: tmpdir() },
  });
}
