import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors.ts';

/**
 * `--push`: the docker push of `balena deploy`, done with skopeo so no Docker daemon is needed.
 * Each service's image is copied to the repository the server assigned it
 * (`is_stored_at__image_location`, compat §6.1); the registry sends skopeo to our API's token
 * endpoint, which admits the user's token for push to that one image. The pushed manifest's
 * digest and the bytes a device downloads become the image's content_hash and image_size.
 */

export const SKOPEO = 'skopeo';
const PUSH_TIMEOUT_MS = 30 * 60_000;

export interface PushedImage {
  digest: string;
  /** Config plus layers, as stored in the registry: what a device downloads besides the manifest. */
  size: number;
}

export interface PushTarget {
  /** The registry's URL as the server publishes it (GET /config `registryUrl`). */
  registryUrl: string;
  /** The user's session token or API key: the password of the registry login. */
  token: string;
}

function skopeo(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(SKOPEO, args, { timeout: PUSH_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reject(skopeoMissing());
      reject(new CliError(`skopeo ${args.find((a) => !a.startsWith('-'))} failed: ${lastLine(stderr) || err.message}`));
    });
  });
}

const skopeoMissing = () => new CliError('--push needs skopeo, which is not installed: install the "skopeo" package (e.g. apt-get install skopeo)');

/** Checked before anything is sent, so a missing skopeo leaves no failed release behind. */
export async function requireSkopeo(): Promise<void> {
  await skopeo(['--version']);
}

/** skopeo's errors end with the reason (`…: unauthorized: …`); its progress lines come first. */
const lastLine = (text: string) => text.trim().split('\n').at(-1)?.replace(/^time="[^"]*" level=\w+ msg=/, '').replace(/^"|"$/g, '') ?? '';

/**
 * Certificate checks are skipped only where there is no certificate to check: a plain-http
 * registry, or one on the loopback interface (a development registry with a self-signed one).
 */
export function registryTlsVerify(registryUrl: string): boolean {
  const url = new URL(registryUrl);
  if (url.protocol === 'http:') return false;
  return !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && !url.hostname.startsWith('127.');
}

/** Copies `source` (a skopeo source: `docker://…`, `oci:…`, `oci-archive:…`, `docker-archive:…`) to `location`. */
export async function pushImage(source: string, location: string, target: PushTarget): Promise<PushedImage> {
  const verify = registryTlsVerify(target.registryUrl);
  // The login goes in an auth file only this user can read, not on skopeo's command line,
  // where any local user could read the token in the process list.
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-push-'));
  try {
    const authFile = join(dir, 'auth.json');
    const host = location.slice(0, location.indexOf('/'));
    writeFileSync(authFile, JSON.stringify({ auths: { [host]: { auth: Buffer.from(`flotilla:${target.token}`).toString('base64') } } }), { mode: 0o600 });
    const digestFile = join(dir, 'digest');
    await skopeo(['copy', '--quiet', '--dest-authfile', authFile, `--dest-tls-verify=${verify}`, '--digestfile', digestFile, source, `docker://${location}`]);
    const digest = readFileSync(digestFile, 'utf8').trim();
    if (!/^sha256:[0-9a-f]{64}$/.test(digest)) throw new CliError(`skopeo copy reported no digest for ${location}`);
    const manifest = JSON.parse(await skopeo(['inspect', '--raw', '--authfile', authFile, `--tls-verify=${verify}`, `docker://${location}@${digest}`])) as {
      config?: { size?: number };
      layers?: { size?: number }[];
    };
    const size = (manifest.config?.size ?? 0) + (manifest.layers ?? []).reduce((sum, layer) => sum + (layer.size ?? 0), 0);
    return { digest, size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
