import { z } from 'zod';

/**
 * The shape a release's `composition` must have (compat §6.1 release `composition`; §8 `deploy S`):
 * the normalised docker-compose document balena-cli sends, an object whose `services` maps each
 * service name to a definition with an `image` or a `build`. The target state (apps/api
 * devices/target-state.ts) reads `services`, `volumes` and `networks` from it. An empty object is
 * a release without services (what the dashboard's fixtures and benches create).
 */
const SERVICE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

const build = z.union([z.string().min(1), z.object({ context: z.string().optional() }).passthrough()]);
const service = z
  .object({ image: z.string().min(1).optional(), build: build.optional() })
  .passthrough()
  .refine((s) => s.image !== undefined || s.build !== undefined, { message: 'needs an image or a build' });

const composition = z
  .object({
    version: z.union([z.string(), z.number()]).optional(),
    services: z.record(z.string(), z.unknown()).optional(),
    volumes: z.record(z.string(), z.unknown()).optional(),
    networks: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

/** A message naming what is wrong with the composition, or null when it is usable. */
export function releaseCompositionProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'The composition must be a JSON object (a docker-compose document).';
  const top = composition.safeParse(value);
  if (!top.success) {
    const issue = top.error.issues[0]!;
    const field = issue.path.join('.');
    return `The composition's "${field}" must be ${field === 'version' ? 'a string or a number' : 'an object'}.`;
  }
  for (const [name, def] of Object.entries(top.data.services ?? {})) {
    if (!SERVICE_NAME.test(name)) return `The composition's service name "${name}" may contain only letters, digits, ".", "_" and "-".`;
    if (def === null || typeof def !== 'object' || Array.isArray(def)) return `The composition's service "${name}" must be an object.`;
    const parsed = service.safeParse(def);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? `"${issue.path.join('.')}" ` : '';
      return `The composition's service "${name}" ${where}${issue.path.length ? 'is invalid' : issue.message}.`;
    }
  }
  return null;
}
