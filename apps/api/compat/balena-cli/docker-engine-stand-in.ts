// The Docker Engine API calls `balena deploy <fleet> <image>` makes (balena-cli 25 through
// dockerode), answered by a small HTTP server in place of a Docker daemon, so the published CLI's
// own deploy runs where there is none. Only the daemon is stood in for: the push is real — skopeo
// copies the image's OCI layout into the location the API assigned, with the registry token the
// CLI got from the API (sent as X-Registry-Auth, as dockerode sends it), so the registry's token
// auth and the API's token scopes are the real ones. Point the CLI at it with
// DOCKER_HOST=tcp://127.0.0.1:<port>.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SKOPEO_BIN } from '../../src/test/registry-harness.ts';

const run = promisify(execFile);

export interface LocalImage {
  /** `oci:<dir>:latest` for skopeo: what the image is. */
  ociDir: string;
  /** What `docker image inspect` says of it: the CLI records `Size` as the image's image_size. */
  size: number;
}

export interface DockerEngineStandIn {
  /** `tcp://127.0.0.1:<port>`: the CLI's DOCKER_HOST. */
  dockerHost: string;
  /** The registry tokens pushes came with, in order (what the API granted the CLI). */
  readonly pushTokens: string[];
  stop(): Promise<void>;
}

/** `repo[:tag]` split at the tag (a port's colon is before the last slash). */
function splitTag(name: string): { repo: string; tag: string } {
  const match = /^(.*):([^/:]+)$/.exec(name);
  return match ? { repo: match[1]!, tag: match[2]! } : { repo: name, tag: 'latest' };
}

/**
 * Serves the images named in `images` (e.g. `example/app:1.0`) and the tags the CLI gives them;
 * a push copies the image with skopeo and streams what the Docker daemon streams, ending with the
 * pushed manifest's digest, which the CLI records as the image's content_hash.
 */
export async function startDockerEngineStandIn(images: Record<string, LocalImage>): Promise<DockerEngineStandIn> {
  const known = new Map(Object.entries(images).map(([name, image]) => [name.includes(':') ? name : `${name}:latest`, image]));
  const pushTokens: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'docker-stand-in-'));

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const lookUp = (encoded: string) => {
    const { repo, tag } = splitTag(decodeURIComponent(encoded));
    return known.get(`${repo}:${tag}`);
  };

  async function push(req: IncomingMessage, res: ServerResponse, encoded: string, url: URL): Promise<void> {
    const image = lookUp(encoded);
    if (!image) return json(res, 404, { message: `An image does not exist locally with the tag: ${decodeURIComponent(encoded)}` });
    const { repo } = splitTag(decodeURIComponent(encoded));
    const tag = url.searchParams.get('tag') || splitTag(decodeURIComponent(encoded)).tag;
    const auth = JSON.parse(Buffer.from(String(req.headers['x-registry-auth'] ?? 'e30='), 'base64').toString('utf8')) as { registrytoken?: string };
    if (auth.registrytoken) pushTokens.push(auth.registrytoken);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`${JSON.stringify({ status: `The push refers to repository [${repo}]` })}\n`);
    const digestFile = join(scratch, `digest-${pushTokens.length}`);
    try {
      await run(
        SKOPEO_BIN,
        [
          '--insecure-policy',
          'copy',
          '--quiet',
          '--dest-tls-verify=false',
          ...(auth.registrytoken ? ['--dest-registry-token', auth.registrytoken] : []),
          '--digestfile',
          digestFile,
          `oci:${image.ociDir}:latest`,
          `docker://${repo}:${tag}`,
        ],
        { timeout: 60_000, env: { ...process.env, HOME: scratch } },
      );
    } catch (error) {
      // As the daemon reports a refused push: an error line in the stream.
      const message = (error as { stderr?: string }).stderr || String(error);
      res.end(`${JSON.stringify({ errorDetail: { message }, error: message })}\n`);
      return;
    }
    const digest = readFileSync(digestFile, 'utf8').trim();
    res.write(`${JSON.stringify({ status: `${tag}: digest: ${digest} size: ${image.size}` })}\n`);
    res.end(`${JSON.stringify({ progressDetail: {}, aux: { Tag: tag, Digest: digest, Size: image.size } })}\n`);
  }

  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://docker');
      // dockerode may prefix the API version (/v1.43/...).
      const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
      let match: RegExpExecArray | null;
      if (path === '/_ping') {
        res.writeHead(200, { 'content-type': 'text/plain', 'api-version': '1.43' });
        return res.end('OK');
      }
      if (path === '/version') return json(res, 200, { Version: '24.0.7', ApiVersion: '1.43', Os: 'linux', Arch: 'arm64' });
      if ((match = /^\/images\/(.+)\/json$/.exec(path))) {
        const image = lookUp(match[1]!);
        return image ? json(res, 200, { Id: `sha256:${'0'.repeat(64)}`, Size: image.size, Os: 'linux', Architecture: 'arm64', Config: {} }) : json(res, 404, { message: `No such image: ${decodeURIComponent(match[1]!)}` });
      }
      if ((match = /^\/images\/(.+)\/tag$/.exec(path)) && req.method === 'POST') {
        const image = lookUp(match[1]!);
        if (!image) return json(res, 404, { message: `No such image: ${decodeURIComponent(match[1]!)}` });
        known.set(`${url.searchParams.get('repo')}:${url.searchParams.get('tag') || 'latest'}`, image);
        res.writeHead(201);
        return res.end();
      }
      if ((match = /^\/images\/(.+)\/push$/.exec(path)) && req.method === 'POST') {
        void push(req, res, match[1]!, url);
        return;
      }
      if ((match = /^\/images\/(.+)$/.exec(path)) && req.method === 'DELETE') {
        const { repo, tag } = splitTag(decodeURIComponent(match[1]!));
        known.delete(`${repo}:${tag}`);
        return json(res, 200, [{ Untagged: `${repo}:${tag}` }]);
      }
      json(res, 404, { message: `not served by the stand-in: ${req.method} ${path}` });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    dockerHost: `tcp://127.0.0.1:${port}`,
    pushTokens,
    async stop() {
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
