/**
 * Pulls image manifests and blobs from a Docker distribution registry the way balena-engine
 * does for the supervisor (compat §5.6): the registry answers 401 with a Bearer challenge, the
 * device asks the challenge's realm (our API's /auth/v1/token) with Basic `d_<uuid>`:`<device
 * key>` for `repository:<name>:pull`, and retries with the token. Layers are downloaded and
 * counted, not unpacked: the simulated device has no container engine.
 */

export const MANIFEST_TYPES = [
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
];
const INDEX_TYPES = new Set(['application/vnd.oci.image.index.v1+json', 'application/vnd.docker.distribution.manifest.list.v2+json']);
const TIMEOUT_MS = 30_000;

export class RegistryError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

export interface ImageRef {
  host: string;
  repository: string;
  /** A digest (`sha256:…`) or a tag. */
  reference: string;
}

/** `<host>/<repository>[:tag][@sha256:…]`; the host is everything before the first `/` (it may carry a port). */
export function parseImageRef(image: string): ImageRef | null {
  const slash = image.indexOf('/');
  if (slash <= 0) return null;
  const host = image.slice(0, slash);
  let rest = image.slice(slash + 1);
  let reference = 'latest';
  const at = rest.indexOf('@');
  if (at >= 0) {
    reference = rest.slice(at + 1);
    rest = rest.slice(0, at);
  } else {
    const colon = rest.lastIndexOf(':');
    if (colon > rest.lastIndexOf('/')) {
      reference = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
    }
  }
  return rest === '' ? null : { host, repository: rest, reference };
}

export interface Blob {
  repository: string;
  digest: string;
  size: number;
}

export interface PullPlan {
  image: string;
  manifestDigest: string | null;
  /** Config and layers, in the order a pull downloads them. */
  blobs: Blob[];
}

export interface RegistryCredentials {
  username: string;
  password: string;
}

interface Challenge {
  realm: string;
  service?: string;
}

function parseChallenge(header: string | null): Challenge | null {
  if (!header || !/^Bearer\s/i.test(header)) return null;
  const params: Record<string, string> = {};
  for (const m of header.slice(7).matchAll(/(\w+)="([^"]*)"/g)) params[m[1]!.toLowerCase()] = m[2]!;
  return params.realm ? { realm: params.realm, service: params.service } : null;
}

export class RegistryClient {
  private readonly base: string;
  readonly host: string;
  /** Bearer tokens by repository, reused until the registry refuses one. */
  private readonly tokens = new Map<string, string>();

  /** `registryUrl`: where the registry answers (http:// on a test machine, https:// otherwise). */
  constructor(
    registryUrl: string,
    private readonly credentials: RegistryCredentials,
  ) {
    const url = new URL(registryUrl);
    this.base = url.origin;
    this.host = url.host;
  }

  /** Whether `image` lives in this registry (other images are not ours to pull). */
  serves(image: string): boolean {
    return parseImageRef(image)?.host === this.host;
  }

  /** The manifest (an index resolved to its first image manifest) and the blobs to download. */
  async plan(image: string): Promise<PullPlan> {
    const ref = parseImageRef(image);
    if (!ref || ref.host !== this.host) throw new RegistryError(0, `image ${image} is not in ${this.host}`);
    let res = await this.get(ref.repository, `/manifests/${ref.reference}`, { accept: MANIFEST_TYPES.join(', ') });
    let manifest = (await res.json()) as { mediaType?: string; manifests?: Array<{ digest: string }>; config?: { digest: string; size: number }; layers?: Array<{ digest: string; size: number }> };
    let digest = res.headers.get('docker-content-digest');
    const type = manifest.mediaType ?? res.headers.get('content-type') ?? '';
    if (INDEX_TYPES.has(type)) {
      const first = manifest.manifests?.[0];
      if (!first) throw new RegistryError(0, `image ${image} has an empty index`);
      res = await this.get(ref.repository, `/manifests/${first.digest}`, { accept: MANIFEST_TYPES.join(', ') });
      manifest = (await res.json()) as typeof manifest;
      digest = first.digest;
    }
    const blobs = [...(manifest.config ? [manifest.config] : []), ...(manifest.layers ?? [])].map((b) => ({ repository: ref.repository, digest: b.digest, size: b.size }));
    return { image, manifestDigest: digest, blobs };
  }

  /** Downloads one blob and returns the bytes received. */
  async fetchBlob(blob: Blob): Promise<number> {
    const res = await this.get(blob.repository, `/blobs/${blob.digest}`, {});
    let bytes = 0;
    if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    return bytes;
  }

  /** GET `/v2/<repository><path>`, answering the registry's token challenge once. */
  private async get(repository: string, path: string, headers: Record<string, string>): Promise<Response> {
    const url = `${this.base}/v2/${repository}${path}`;
    const send = (token?: string) =>
      fetch(url, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    let res = await send(this.tokens.get(repository));
    if (res.status === 401) {
      await res.body?.cancel();
      const challenge = parseChallenge(res.headers.get('www-authenticate'));
      if (!challenge) throw new RegistryError(401, `${url}: 401 without a Bearer challenge`);
      const token = await this.fetchToken(challenge, repository);
      this.tokens.set(repository, token);
      res = await send(token);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new RegistryError(res.status, `GET ${url}: ${res.status}`);
    }
    return res;
  }

  private async fetchToken(challenge: Challenge, repository: string): Promise<string> {
    const url = new URL(challenge.realm);
    if (challenge.service) url.searchParams.set('service', challenge.service);
    url.searchParams.set('scope', `repository:${repository}:pull`);
    const basic = Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64');
    const res = await fetch(url, { headers: { authorization: `Basic ${basic}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new RegistryError(res.status, `registry token: ${res.status}`);
    const body = (await res.json()) as { token?: string; access_token?: string };
    const token = body.token ?? body.access_token;
    if (!token) throw new RegistryError(0, 'registry token: no token in the answer');
    return token;
  }
}
