import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * Deploy-to-fleet (fleets spec §2 route `/deploy`, §3 "Deploy config", §4 "Deploy config",
 * §5 "Deploy-from-repository import", §8 "Deploy import errors", §9 timing): the pure rules
 * behind the dashboard's `/deploy` entry and the create-fleet dialog's repository import.
 */

/** Fleets spec §9: "Deploy config lifetime: 1 day". */
export const DEPLOY_CONFIG_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Fleets spec §9: "Repository configuration fetch timeout: 10 s". */
export const REPOSITORY_CONFIG_TIMEOUT_MS = 10_000;
/** The repository configuration file the importer reads. */
export const REPOSITORY_CONFIG_FILE = 'balena.yml';

/** The query parameters `/deploy` stores (fleets spec §2 Route table). */
export const DEPLOY_QUERY_KEYS = ['tarballUrl', 'repoUrl', 'configUrl', 'defaultDeviceType'] as const;

/** Fleets spec §5 and §8: the import's messages, worded as the spec words them. */
export const DEPLOY_MESSAGES = {
  invalidContract: 'The balena.yml contract in the repository is invalid',
  repositoryNotFound: (url: string) => `Repository not found: ${url}`,
  codeHostFailed: 'failed retrieving data from the code host',
  loadFailed: 'Error loading deploy with balena configuration',
  cpuArchitectureNotFound: 'cpu architecture not found',
} as const;

const variable = z.object({ name: z.string(), value: z.string() });
export type DeployVariable = z.output<typeof variable>;

const MAX_URL = 2048;
const optionalUrl = z.string().max(MAX_URL).optional();

/** Fleets spec §3 "Deploy config", as stored in the browser. */
export const deployConfigSchema = z.object({
  createdAt: z.number().int().nonnegative(),
  repoUrl: optionalUrl,
  tarballUrl: optionalUrl,
  configUrl: optionalUrl,
  defaultDeviceType: z.string().max(255).optional(),
  applicationConfigVariables: z.array(variable).optional(),
  applicationEnvironmentVariables: z.array(variable).optional(),
});
export type DeployConfig = z.output<typeof deployConfigSchema>;

/**
 * The deploy config `/deploy?…` describes, stamped `createdAt = now`: the known query parameters
 * that are non-empty strings (others are dropped); null when none is given.
 */
export function deployConfigFromSearch(search: Record<string, unknown>, now: number): DeployConfig | null {
  const config: DeployConfig = { createdAt: now };
  let any = false;
  for (const key of DEPLOY_QUERY_KEYS) {
    const value = search[key];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '' || trimmed.length > (key === 'defaultDeviceType' ? 255 : MAX_URL)) continue;
    config[key] = trimmed;
    any = true;
  }
  return any ? config : null;
}

/** Fleets spec §4: a saved deploy config is used only if it is less than one day old. */
export function isDeployConfigFresh(config: Pick<DeployConfig, 'createdAt'>, now: number): boolean {
  const age = now - config.createdAt;
  return age >= 0 && age < DEPLOY_CONFIG_LIFETIME_MS;
}

/** The stored config (JSON text) when it is well formed and fresh, else null. */
export function readDeployConfig(raw: string | null, now: number): DeployConfig | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = deployConfigSchema.safeParse(json);
  return parsed.success && isDeployConfigFresh(parsed.data, now) ? parsed.data : null;
}

export interface RepositoryRef {
  owner: string;
  name: string;
}

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * Fleets spec §5: the repository URL must be on the code-hosting site with owner and name,
 * otherwise it is ignored (null). The site is the code host API's host without a leading
 * `api.` (api.github.com → github.com; a self-hosted or stand-in host serves both).
 */
export function repositoryFromUrl(repoUrl: string, codeHostApiUrl: string): RepositoryRef | null {
  let url: URL;
  let api: URL;
  try {
    url = new URL(repoUrl.trim());
    api = new URL(codeHostApiUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const siteHost = api.host.replace(/^api\./i, '').toLowerCase();
  if (url.host.toLowerCase() !== siteHost) return null;
  const [owner, rawName, ...rest] = url.pathname.split('/').filter((s) => s !== '');
  // `/owner/name`, optionally `.git`, or a browse path under it (`/owner/name/tree/main`).
  if (owner === undefined || rawName === undefined || (rest.length > 0 && rest[0] !== 'tree' && rest[0] !== 'blob')) return null;
  const name = rawName.replace(/\.git$/i, '');
  if (!SEGMENT.test(owner) || !SEGMENT.test(name) || name === '.' || name === '..' || owner === '..' || owner === '.') return null;
  return { owner, name };
}

/** What a valid balena.yml contributes to the create-fleet dialog. */
export interface DeployContract {
  name: string | null;
  defaultDeviceType: string | null;
  supportedDeviceTypes: string[];
  applicationConfigVariables: DeployVariable[];
  applicationEnvironmentVariables: DeployVariable[];
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
/** balena.yml lists variables as one-key maps: `- NAME: value`. */
const variableList = z.array(z.record(z.string(), scalar.nullable())).optional();
const contractSchema = z.object({
  name: z.union([z.string(), z.number()]).optional(),
  type: z.enum(['sw.application', 'sw.block']).optional(),
  version: scalar.optional(),
  description: z.string().optional(),
  data: z
    .object({
      defaultDeviceType: z.string().optional(),
      supportedDeviceTypes: z.array(z.string()).optional(),
      applicationConfigVariables: variableList,
      applicationEnvironmentVariables: variableList,
    })
    .optional()
    .nullable(),
});

function variables(list: Array<Record<string, string | number | boolean | null>> | undefined): DeployVariable[] | null {
  const out: DeployVariable[] = [];
  for (const entry of list ?? []) {
    const pairs = Object.entries(entry);
    if (pairs.length !== 1) return null;
    const [name, value] = pairs[0]!;
    out.push({ name, value: value === null ? '' : String(value) });
  }
  return out;
}

export type ContractResult = { ok: true; contract: DeployContract } | { ok: false; error: string };

/**
 * Fleets spec §5: "The repository configuration file must be a valid contract, else 'The
 * balena.yml contract in the repository is invalid'": YAML that is a mapping, `type`
 * sw.application or sw.block when given, device types as text, variables as one-key maps of
 * scalars.
 */
export function parseDeployContract(text: string): ContractResult {
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 10 });
  } catch {
    return { ok: false, error: DEPLOY_MESSAGES.invalidContract };
  }
  const parsed = contractSchema.safeParse(doc);
  if (!parsed.success) return { ok: false, error: DEPLOY_MESSAGES.invalidContract };
  const data = parsed.data.data ?? {};
  const configVars = variables(data.applicationConfigVariables);
  const envVars = variables(data.applicationEnvironmentVariables);
  if (!configVars || !envVars) return { ok: false, error: DEPLOY_MESSAGES.invalidContract };
  return {
    ok: true,
    contract: {
      name: parsed.data.name === undefined ? null : String(parsed.data.name),
      defaultDeviceType: data.defaultDeviceType ?? null,
      supportedDeviceTypes: data.supportedDeviceTypes ?? [],
      applicationConfigVariables: configVars,
      applicationEnvironmentVariables: envVars,
    },
  };
}

/**
 * The device type the dialog preselects: the `/deploy` link's defaultDeviceType, else the
 * contract's default, else its first supported type; null for the dialog's own default.
 */
export function deployDeviceTypeSlug(config: Pick<DeployConfig, 'defaultDeviceType'> | null, contract: DeployContract | null): string | null {
  return config?.defaultDeviceType ?? contract?.defaultDeviceType ?? contract?.supportedDeviceTypes[0] ?? null;
}
