import { ComposeError, type ComposeProject } from './compose.ts';

/**
 * Which already-pushed image each service of a release runs: `--image <service>=<ref>` wins
 * over the compose file's `image:`. Nothing is built here, so a service with only `build:`
 * needs an --image.
 */

export interface ServiceImage {
  service: string;
  ref: string;
  /** `sha256:…` when the reference pins a digest (`name@sha256:…`): recorded as the image's content_hash. */
  digest?: string;
}

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

export function imageForReference(service: string, ref: string): ServiceImage {
  if (!REFERENCE.test(ref) || ref.includes('://')) throw new ComposeError(`service "${service}": "${ref}" is not an image reference`);
  const digest = DIGEST.exec(ref)?.[1];
  return { service, ref, ...(digest ? { digest } : {}) };
}

/** One image per compose service, in the compose file's order. */
export function resolveServiceImages(project: ComposeProject, given: Record<string, string>): ServiceImage[] {
  const known = new Set(project.services.map((s) => s.name));
  for (const service of Object.keys(given)) {
    if (!known.has(service)) throw new ComposeError(`--image names service "${service}", which is not in the compose file`);
  }
  return project.services.map((s) => {
    const ref = given[s.name] ?? s.image;
    if (!ref) throw new ComposeError(`service "${s.name}" has no image: give --image ${s.name}=<image reference> (this command does not build)`);
    return imageForReference(s.name, ref);
  });
}
