import { parseDocument } from 'yaml';
import { CliError } from './errors.ts';

/**
 * The docker-compose document of a release, parsed and checked before anything is sent:
 * a release the devices cannot run is refused here, with the service it concerns named.
 * The document itself becomes the release's `composition`; labels and environment become
 * image_label and image_environment_variable rows, as `balena deploy` writes them.
 */

export class ComposeError extends CliError {
  override name = 'ComposeError';
}

export interface ComposeService {
  name: string;
  /** `image:` as written in the compose file, if any. */
  image?: string;
  hasBuild: boolean;
  labels: Record<string, string>;
  environment: Record<string, string>;
}

export interface ComposeProject {
  /** The whole document as JSON, stored as the release's composition. */
  composition: Record<string, unknown>;
  services: ComposeService[];
}

/** Compose service names (compose spec: `[a-zA-Z0-9._-]+`). */
const SERVICE_NAME = /^[a-zA-Z0-9._-]+$/;

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseCompose(text: string): ComposeProject {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) throw new ComposeError(`the compose file is not valid YAML: ${oneLine(firstError.message)}`);
  return validateCompose(doc.toJS({ maxAliasCount: 100 }) as unknown);
}

export function validateCompose(document: unknown): ComposeProject {
  if (!isMapping(document)) throw new ComposeError('the compose file must be a mapping with a "services" key');
  if ('version' in document && typeof document.version !== 'string' && typeof document.version !== 'number') {
    throw new ComposeError('"version" must be a string such as "2.4"');
  }
  const services = document.services;
  if (!isMapping(services) || Object.keys(services).length === 0) throw new ComposeError('the compose file has no services');
  const parsed = Object.entries(services).map(([name, body]) => parseService(name, body));
  return { composition: document, services: parsed };
}

function parseService(name: string, body: unknown): ComposeService {
  if (!SERVICE_NAME.test(name)) throw new ComposeError(`service "${name}": names may use only letters, digits, ".", "_" and "-"`);
  if (!isMapping(body)) throw new ComposeError(`service "${name}" must be a mapping`);
  const { image, build } = body;
  if (image !== undefined && (typeof image !== 'string' || image.trim() === '')) throw new ComposeError(`service "${name}": "image" must be a non-empty string`);
  const hasBuild = build !== undefined && build !== null;
  if (hasBuild && typeof build !== 'string' && !isMapping(build)) throw new ComposeError(`service "${name}": "build" must be a path or a mapping`);
  if (image === undefined && !hasBuild) throw new ComposeError(`service "${name}" has neither "image" nor "build"`);
  return {
    name,
    ...(typeof image === 'string' ? { image } : {}),
    hasBuild,
    labels: keyValues(body.labels, name, 'labels'),
    environment: keyValues(body.environment, name, 'environment'),
  };
}

/** Compose allows both `KEY: value` mappings and `- KEY=value` lists for labels and environment. */
function keyValues(value: unknown, service: string, field: 'labels' | 'environment'): Record<string, string> {
  if (value === undefined || value === null) return {};
  const out: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (typeof entry !== 'string') throw new ComposeError(`service "${service}": each ${field} entry must be a "KEY=value" string`);
      const eq = entry.indexOf('=');
      // A bare `KEY` means "from the shell running compose": there is no such shell for a release.
      if (eq <= 0) throw new ComposeError(`service "${service}": ${field} entry "${entry}" has no "=value"`);
      out[entry.slice(0, eq)] = entry.slice(eq + 1);
    }
    return out;
  }
  if (!isMapping(value)) throw new ComposeError(`service "${service}": "${field}" must be a mapping or a list`);
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) throw new ComposeError(`service "${service}": ${field} "${key}" has no value`);
    if (typeof v === 'object') throw new ComposeError(`service "${service}": ${field} "${key}" must be a string, number or boolean`);
    out[key] = String(v);
  }
  return out;
}

const oneLine = (message: string) => message.split('\n')[0]!.trim();
