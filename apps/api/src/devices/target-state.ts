import { createHash } from 'node:crypto';
import type { TargetServiceRow, TargetStateRow } from './target-state.repository.ts';

/**
 * Pure shaping of a target state (compat §5.3) from the one-row query. Kept free of I/O so
 * the precedence rules are easy to test and the same row serves v3 and the legacy v2 shape.
 */

type StringMap = Record<string, string>;

const POLL_INTERVAL_VARS = ['BALENA_SUPERVISOR_POLL_INTERVAL', 'RESIN_SUPERVISOR_POLL_INTERVAL'] as const;
/** Dashboard-only settings never reach the device. */
const UI_VAR = /^(BALENA|RESIN)_UI_/;

/** The setting a config variable names, without its namespace: BALENA_X and RESIN_X are one setting X. */
const settingOf = (name: string) => name.replace(/^(BALENA|RESIN)_/, '');

/**
 * Fleet config vars overlaid by device config vars, always carrying RESIN_SUPERVISOR_POLL_INTERVAL.
 * A device variable overrides the fleet's for its setting under either namespace: the supervisor
 * reads BALENA_X before RESIN_X, so a fleet BALENA_X left beside a device RESIN_X (the name the
 * supervisor itself writes, compat §5.2) would win on the device against the device's own value.
 */
export function buildConfig(appConfig: StringMap, deviceConfig: StringMap, defaultPollIntervalMs: number): StringMap {
  const overridden = new Set(Object.keys(deviceConfig).map(settingOf));
  const fleetOnly = Object.entries(appConfig).filter(([k]) => !overridden.has(settingOf(k)));
  const config: StringMap = {};
  for (const [k, v] of [...fleetOnly, ...Object.entries(deviceConfig)]) if (!UI_VAR.test(k)) config[k] = v;
  if (config.RESIN_SUPERVISOR_POLL_INTERVAL === undefined) {
    config.RESIN_SUPERVISOR_POLL_INTERVAL = config.BALENA_SUPERVISOR_POLL_INTERVAL ?? String(defaultPollIntervalMs);
  }
  return sortKeys(config);
}

/** The poll interval (ms) a device follows given its fleet and device config vars (device wins). */
export function pollIntervalFrom(appConfig: StringMap, deviceConfig: StringMap, defaultMs: number): number {
  for (const source of [deviceConfig, appConfig]) {
    for (const name of POLL_INTERVAL_VARS) {
      const n = Number(source[name]);
      if (source[name] !== undefined && Number.isFinite(n) && n > 0) return n;
    }
  }
  return defaultMs;
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** image env < fleet env < service env < device env < device-service env (compat §5.3). */
export function serviceEnvironment(row: TargetStateRow, s: TargetServiceRow): StringMap {
  return sortKeys({ ...s.image_env, ...row.app_env, ...s.service_env, ...row.device_env, ...s.device_service_env });
}

function imageReference(s: TargetServiceRow): string {
  return s.content_hash ? `${s.image_location}@${s.content_hash}` : s.image_location;
}

function composeServices(row: TargetStateRow): Record<string, Record<string, unknown>> {
  const services = (row.composition as { services?: unknown } | null)?.services;
  return services && typeof services === 'object' ? (services as Record<string, Record<string, unknown>>) : {};
}

function serviceLabels(row: TargetStateRow, s: TargetServiceRow): StringMap {
  const compose = composeServices(row)[s.service_name];
  const composeLabels = compose?.labels && typeof compose.labels === 'object' && !Array.isArray(compose.labels) ? (compose.labels as StringMap) : {};
  return sortKeys({ ...composeLabels, ...s.image_labels, ...s.service_labels });
}

function composition(row: TargetStateRow, s: TargetServiceRow): Record<string, unknown> | undefined {
  const entry = composeServices(row)[s.service_name];
  if (!entry) return undefined;
  const { build: _build, ...rest } = entry;
  return rest;
}

function releaseExtras(row: TargetStateRow): Record<string, unknown> {
  const c = (row.composition ?? {}) as { volumes?: unknown; networks?: unknown };
  return {
    ...(c.volumes && typeof c.volumes === 'object' ? { volumes: c.volumes } : {}),
    ...(c.networks && typeof c.networks === 'object' ? { networks: c.networks } : {}),
  };
}

export function buildTargetStateV3(row: TargetStateRow, defaultPollIntervalMs: number): Record<string, unknown> {
  const apps: Record<string, unknown> = {};
  if (row.belongs_to__application !== null && row.app_uuid) {
    const releases: Record<string, unknown> = {};
    if (row.release_id !== null && row.commit) {
      const services: Record<string, unknown> = {};
      for (const s of row.services) {
        const comp = composition(row, s);
        services[s.service_name] = {
          id: s.service_id,
          image_id: s.image_id,
          image: imageReference(s),
          running: true,
          environment: serviceEnvironment(row, s),
          labels: serviceLabels(row, s),
          ...(comp ? { composition: comp } : {}),
        };
      }
      releases[row.commit] = { id: row.release_id, services, ...releaseExtras(row) };
    }
    apps[row.app_uuid] = {
      id: row.belongs_to__application,
      name: row.app_name,
      class: row.is_of__class ?? 'fleet',
      ...(row.is_host ? { is_host: true } : {}),
      releases,
    };
  }
  // The host OS the device should run (compat §5.3: the host app, `is_host`, class app), with
  // no services: the device updates its OS to the release (apps/device host-os-update.ts).
  const host = row.host_app;
  if (host && host.uuid !== row.app_uuid) {
    apps[host.uuid] = { id: host.id, name: host.name, class: 'app', is_host: true, releases: { [host.commit]: { id: host.release_id, services: {} } } };
  }
  return {
    [row.uuid]: {
      name: row.device_name,
      config: buildConfig(row.app_config, row.device_config, defaultPollIntervalMs),
      apps,
    },
  };
}

/** Legacy v2 shape (old supervisors, SDK getSupervisorTargetState): apps keyed by id, services by service id. */
export function buildTargetStateV2(row: TargetStateRow, defaultPollIntervalMs: number): Record<string, unknown> {
  const apps: Record<string, unknown> = {};
  if (row.belongs_to__application !== null) {
    const services: Record<string, unknown> = {};
    if (row.release_id !== null) {
      for (const s of row.services) {
        services[String(s.service_id)] = {
          imageId: s.image_id,
          serviceName: s.service_name,
          image: imageReference(s),
          running: true,
          environment: serviceEnvironment(row, s),
          labels: serviceLabels(row, s),
        };
      }
    }
    apps[String(row.belongs_to__application)] = {
      name: row.app_name,
      ...(row.commit ? { commit: row.commit, releaseId: row.release_id } : {}),
      services,
      volumes: (row.composition as { volumes?: unknown } | null)?.volumes ?? {},
      networks: (row.composition as { networks?: unknown } | null)?.networks ?? {},
    };
  }
  return {
    local: { name: row.device_name, config: buildConfig(row.app_config, row.device_config, defaultPollIntervalMs), apps },
    dependent: { apps: {}, devices: {} },
  };
}

/** A weak ETag from the body's hash: same state → same tag on every replica. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The shape of the target state this code builds, part of the basis a stored tag is trusted on
 * (target-state.repository.ts `basisSql`): bump it with any change to what
 * buildTargetStateV2/V3 produce from the same rows, so a tag stored for the old shape is rebuilt.
 * target-state-format.test.ts holds a fixture's body hash against this number and fails when
 * one moves without the other.
 */
export const TARGET_STATE_FORMAT = 1;

/** The part of a basis that is not the versions: the state's shape and version, and the server setting it reads. */
export const etagSalt = (version: 'v2' | 'v3', defaultPollIntervalMs: number) => `${TARGET_STATE_FORMAT}:${version}:${defaultPollIntervalMs}`;

/**
 * What the caller already holds: the tags of its If-None-Match (`known`, only those shaped like
 * ours) or `*`.
 */
export interface KnownTags {
  tags: string[];
  any: boolean;
}
const NO_KNOWN_TAGS: KnownTags = { tags: [], any: false };

/** True when the caller holds `etag` (one of its tags, or `*`). */
export const holdsTag = (known: KnownTags, etag: string) => known.any || known.tags.includes(etag);

/** Our tags (etagOf), bare: a sha1 in base64url, quoted. */
const OUR_TAG = /^"[\w-]{27}"$/;

/** The tags of an If-None-Match header the state query can match (only ours; `*` for any). */
export function knownTags(header: string | undefined): KnownTags {
  if (!header) return NO_KNOWN_TAGS;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return { tags: tags.filter((t) => OUR_TAG.test(t)).map((t) => `W/${t}`), any: tags.includes('*') };
}

/** If-None-Match matches when any listed tag equals ours, ignoring weak/strong prefixes. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const ours = bare(etag);
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === ours);
}
