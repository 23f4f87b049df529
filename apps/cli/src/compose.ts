import { parseDocument } from 'yaml';
import { releaseCompositionProblem } from '@flotilla/core/release-composition';
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

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseCompose(text: string): ComposeProject {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) throw new ComposeError(`the compose file is not valid YAML: ${oneLine(firstError.message)}`);
  return validateCompose(doc.toJS({ maxAliasCount: 100 }) as unknown);
}

export function validateCompose(document: unknown): ComposeProject {
  if (!isMapping(document)) throw new ComposeError('the compose file must be a mapping with a "services" key');
  // The server's rules for a composition (service names, image or build), so nothing it would refuse is sent.
  const problem = releaseCompositionProblem(document);
  if (problem) throw new ComposeError(problem);
  const services = document.services;
  // A release without services is something the server stores, but not something to deploy.
  if (!isMapping(services) || Object.keys(services).length === 0) throw new ComposeError('the compose file has no services');
  const parsed = Object.entries(services).map(([name, body]) => parseService(name, body as Record<string, unknown>));
  return { composition: document, services: parsed };
}

function parseService(name: string, body: Record<string, unknown>): ComposeService {
  const { image, build } = body;
  const hasBuild = build !== undefined;
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
