import { ComposeError, type ComposeProject } from './compose.ts';

/**
 * Which image each service of a release runs: `--image <service>=<ref>` wins over the compose
 * file's `image:`. Nothing is built here, so a service with only `build:` needs an --image.
 * Without --push the reference must already be in a registry; with it, it may also be a local
 * OCI layout or archive (`oci:<dir>[:tag]`, `oci-archive:<file>`, `docker-archive:<file>`).
 */

export interface ServiceImage {
  service: string;
  /** The registry reference, or for a local image (`oci:…`) the source as given. */
  ref: string;
  /** `sha256:…` when the reference pins a digest (`name@sha256:…`): recorded as the image's content_hash. */
  digest?: string;
  /** What `--push` copies with skopeo: `docker://<ref>` for a registry reference, else the local source as given. */
  source: string;
  /** An OCI layout or an archive on this machine: no device can pull it, so it needs --push. */
  local: boolean;
}

/** skopeo transports for images on this machine (`oci:5000/app` is a registry host with a port, not a layout). */
const LOCAL_SOURCE = /^(oci|oci-archive|docker-archive):(?!\d+\/)\S+$/;
const DOCKER_TRANSPORT = 'docker://';

const DIGEST = /@(sha256:[0-9a-f]{64})$/;
/** A registry reference: no whitespace, no scheme, at most one digest. */
const REFERENCE = /^[a-z0-9][a-z0-9._\-/:]*(@sha256:[0-9a-f]{64})?$/i;

/** `["main=registry.local/app:1", …]` → `{ main: "registry.local/app:1" }`. */
export function parseImageOptions(options: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const option of options) {
    const eq = option.indexOf('=');
    if (eq <= 0 || eq === option.length - 1) throw new ComposeError(`--image "${option}" must look like <service>=<image reference>`);
    const service = option.slice(0, eq);
    if (service in out) throw new ComposeError(`--image names service "${service}" twice`);
    out[service] = option.slice(eq + 1);
  }
  return out;
}

export function imageForReference(service: string, given: string, push = false): ServiceImage {
  if (LOCAL_SOURCE.test(given)) {
    if (!push) throw new ComposeError(`service "${service}": "${given}" is an image on this machine, which devices cannot pull: add --push`);
    return { service, ref: given, source: given, local: true };
  }
  // `docker://` names the transport skopeo would use anyway.
  const ref = push && given.startsWith(DOCKER_TRANSPORT) ? given.slice(DOCKER_TRANSPORT.length) : given;
  if (!REFERENCE.test(ref) || ref.includes('://')) throw new ComposeError(`service "${service}": "${given}" is not an image reference`);
  const digest = DIGEST.exec(ref)?.[1];
  return { service, ref, ...(digest ? { digest } : {}), source: `${DOCKER_TRANSPORT}${ref}`, local: false };
}

/** One image per compose service, in the compose file's order. */
export function resolveServiceImages(project: ComposeProject, given: Record<string, string>, push = false): ServiceImage[] {
  const known = new Set(project.services.map((s) => s.name));
  for (const service of Object.keys(given)) {
    if (!known.has(service)) throw new ComposeError(`--image names service "${service}", which is not in the compose file`);
  }
  return project.services.map((s) => {
    const ref = given[s.name] ?? s.image;
    if (!ref) throw new ComposeError(`service "${s.name}" has no image: give --image ${s.name}=<image reference> (this command does not build)`);
    return imageForReference(s.name, ref, push);
  });
}
