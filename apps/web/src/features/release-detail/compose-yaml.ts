import { stringify } from 'yaml';

/**
 * A release's composition (the docker-compose document the release was made from, stored as
 * JSON) as YAML for reading and download (fleets spec §2 "docker-compose view"). Null when there
 * is nothing to render — no object, or one YAML cannot write — and the page says
 * could_not_parse_composition_data (§8).
 */
export function compositionYaml(composition: unknown): string | null {
  if (composition === null || typeof composition !== 'object' || Array.isArray(composition)) return null;
  if (Object.keys(composition).length === 0) return null;
  try {
    return stringify(composition, { lineWidth: 0 });
  } catch {
    return null;
  }
}

/** One service's part of the composition, as a compose document of its own; null without one. */
export function serviceCompositionYaml(composition: unknown, service: string): string | null {
  if (composition === null || typeof composition !== 'object') return null;
  const { version, services } = composition as { version?: unknown; services?: unknown };
  if (services === null || typeof services !== 'object' || !Object.hasOwn(services, service)) return null;
  const part = (services as Record<string, unknown>)[service];
  return compositionYaml({ ...(version === undefined ? {} : { version }), services: { [service]: part } });
}
