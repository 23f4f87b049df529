import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { BASED_ON_VERSION_TAG, HOST_APP_TAGS, releaseVersionParts } from '@flotilla/core/os-releases';
import type { Db } from '../db/database.ts';
import { DEFAULT_OS_IMAGE_BYTES, type OsReleaseCatalog } from './os-release-catalog.ts';
import { ADVISORY_LOCK_KEYS } from '../jobs/lock-keys.ts';

/**
 * Publishes the catalog (os-release-catalog.ts) the way clients expect OS and supervisor
 * releases (compat §6.4, SDK `os.getAvailableOsVersions`, `deviceType.getAllSupported`,
 * `os.getSupervisorReleasesForCpuArchitecture`): public host applications per device type (and
 * per type's ESR line) and public non-host `balena_os/<arch>-supervisor` applications, owned by
 * the system organization `balena_os`, with final successful releases. Idempotent: run at every
 * start-up under an advisory lock; existing rows are kept, phases and tags follow the file.
 */

export const SYSTEM_ORGANIZATION = { handle: 'balena_os', name: 'balenaOS' } as const;
/** pg_advisory_xact_lock key of this seed (several API processes may start at once). */
const SEED_LOCK = ADVISORY_LOCK_KEYS.osReleaseSeed;
/**
 * The release tag carrying a host release's image size in bytes (download-size.routes.ts): the
 * release's own size from the catalog, else its device type's, else DEFAULT_OS_IMAGE_BYTES.
 */
export const DOWNLOAD_SIZE_TAG = 'flotilla-download-size';

interface PublishedApp {
  slug: string;
  appName: string;
  deviceTypeId: number;
  isHost: boolean;
  tags: Record<string, string>;
  releases: Array<{ rawVersion: string; variant: string; phase: string | null; tags: Record<string, string> }>;
}

const hex32 = (text: string) => createHash('md5').update(text).digest('hex');

/** `2.115.1+rev1` + prod → `2.115.1+rev1.prod`; `6.0.0` + prod → `6.0.0+prod`. */
function withVariant(version: string, variant: string | undefined): string {
  if (!variant) return version;
  return `${version}${version.includes('+') ? '.' : '+'}${variant}`;
}

function appsOf(catalog: OsReleaseCatalog, typeIds: Map<string, { id: number; arch: string }>): PublishedApp[] {
  const typeId = (slug: string) => {
    const t = typeIds.get(slug);
    if (!t) throw new Error(`OS release catalog: unknown device type "${slug}"`);
    return t;
  };
  const apps: PublishedApp[] = [];
  for (const entry of catalog.hostOs) {
    const deviceTypeId = typeId(entry.deviceType).id;
    const sizeTag = (own: number | undefined) => ({ [DOWNLOAD_SIZE_TAG]: String(own ?? entry.downloadSize ?? DEFAULT_OS_IMAGE_BYTES) });
    const takeover: Record<string, string> = {
      ...(entry.minTakeoverVersion ? { [HOST_APP_TAGS.minTakeoverVersion]: entry.minTakeoverVersion } : {}),
      ...(catalog.changelogUrl ? { [HOST_APP_TAGS.changelogUrl]: catalog.changelogUrl } : {}),
    };
    if (entry.releases.length > 0) {
      apps.push({
        slug: `${SYSTEM_ORGANIZATION.handle}/${entry.deviceType}`,
        appName: entry.deviceType,
        deviceTypeId,
        isHost: true,
        tags: { [HOST_APP_TAGS.releasePolicy]: 'default', ...takeover },
        releases: entry.releases.flatMap((r) =>
          (r.variants ?? [undefined]).map((variant) => ({
            rawVersion: withVariant(r.version, variant),
            variant: variant ?? '',
            phase: r.phase ?? null,
            tags: { version: r.version, ...sizeTag(r.downloadSize) },
          })),
        ),
      });
    }
    if (entry.esr) {
      const { next, current, sunset } = entry.esr;
      apps.push({
        slug: `${SYSTEM_ORGANIZATION.handle}/${entry.deviceType}-esr`,
        appName: `${entry.deviceType}-esr`,
        deviceTypeId,
        isHost: true,
        tags: {
          [HOST_APP_TAGS.releasePolicy]: 'esr',
          ...(next ? { [HOST_APP_TAGS.esrNext]: next } : {}),
          ...(current ? { [HOST_APP_TAGS.esrCurrent]: current } : {}),
          ...(sunset ? { [HOST_APP_TAGS.esrSunset]: sunset } : {}),
          ...takeover,
        },
        releases: entry.esr.releases.map((r) => ({
          rawVersion: r.version,
          variant: '',
          phase: null,
          tags: { version: r.version, ...(r.basedOn ? { [BASED_ON_VERSION_TAG]: r.basedOn } : {}), ...sizeTag(r.downloadSize) },
        })),
      });
    }
  }
  for (const s of catalog.supervisors) {
    const t = typeId(s.deviceType);
    if (t.arch !== s.arch) throw new Error(`OS release catalog: device type "${s.deviceType}" is ${t.arch}, not ${s.arch}`);
    apps.push({
      slug: `${SYSTEM_ORGANIZATION.handle}/${s.arch}-supervisor`,
      appName: `${s.arch}-supervisor`,
      deviceTypeId: t.id,
      isHost: false,
      tags: {},
      releases: s.versions.map((v) => ({ rawVersion: v, variant: '', phase: null, tags: {} })),
    });
  }
  return apps;
}

async function systemOrganization(db: Db): Promise<number> {
  await db
    .insertInto('organization')
    .values({ handle: SYSTEM_ORGANIZATION.handle, name: SYSTEM_ORGANIZATION.name })
    .onConflict((oc) => oc.column('handle').doNothing())
    .execute();
  const org = await db.selectFrom('organization').select('id').where('handle', '=', SYSTEM_ORGANIZATION.handle).executeTakeFirstOrThrow();
  // A person's organization of that handle must not become the publisher of OS releases.
  const members = await db.selectFrom('organization_membership').select('id').where('is_member_of__organization', '=', org.id).executeTakeFirst();
  if (members) throw new Error(`OS release catalog: organization "${SYSTEM_ORGANIZATION.handle}" has members; it cannot be the system organization`);
  return org.id;
}

async function publishApp(db: Db, organization: number, applicationType: number, app: PublishedApp): Promise<void> {
  let row = await db.selectFrom('application').select(['id', 'organization']).where('slug', '=', app.slug).executeTakeFirst();
  if (row && row.organization !== organization) throw new Error(`OS release catalog: ${app.slug} exists outside the system organization`);
  if (!row) {
    const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    row = await db
      .insertInto('application')
      .values({
        actor: actor.id,
        app_name: app.appName,
        slug: app.slug,
        uuid: hex32(`application:${app.slug}`),
        organization,
        is_for__device_type: app.deviceTypeId,
        application_type: applicationType,
        is_of__class: 'app',
        is_host: app.isHost,
        is_public: true,
        should_track_latest_release: true,
      })
      .returning(['id', 'organization'])
      .executeTakeFirstOrThrow();
  }
  const appId = row.id;
  for (const [tag_key, value] of Object.entries(app.tags)) {
    await db
      .insertInto('application_tag')
      .values({ application: appId, tag_key, value })
      .onConflict((oc) => oc.columns(['application', 'tag_key']).doUpdateSet({ value }))
      .execute();
  }
  for (const r of app.releases) {
    const parts = releaseVersionParts(r.rawVersion);
    if (!parts) throw new Error(`OS release catalog: ${app.slug} ${r.rawVersion} is not a semver version`);
    const release = await db
      .insertInto('release')
      .values({
        belongs_to__application: appId,
        commit: hex32(`release:${app.slug}@${r.rawVersion}`),
        status: 'success',
        source: 'cloud',
        is_final: true,
        is_finalized_at__date: sql<Date>`now()`,
        end_timestamp: sql<Date>`now()`,
        semver: `${parts.major}.${parts.minor}.${parts.patch}`,
        raw_version: r.rawVersion,
        semver_major: parts.major,
        semver_minor: parts.minor,
        semver_patch: parts.patch,
        semver_prerelease: parts.prerelease,
        semver_build: parts.build,
        variant: r.variant,
        phase: r.phase,
      })
      .onConflict((oc) => oc.columns(['belongs_to__application', 'commit']).doUpdateSet({ phase: r.phase }))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [tag_key, value] of Object.entries(r.tags)) {
      await db
        .insertInto('release_tag')
        .values({ release: release.id, tag_key, value })
        .onConflict((oc) => oc.columns(['release', 'tag_key']).doUpdateSet({ value }))
        .execute();
    }
  }
}

/** Publishes `catalog`; returns how many applications it covers. */
export async function seedOsReleases(db: Db, catalog: OsReleaseCatalog): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    const types = await tx
      .selectFrom('device_type')
      .innerJoin('cpu_architecture', 'cpu_architecture.id', 'device_type.is_of__cpu_architecture')
      .select(['device_type.id', 'device_type.slug', 'cpu_architecture.slug as arch'])
      .execute();
    const apps = appsOf(catalog, new Map(types.map((t) => [t.slug, { id: t.id, arch: t.arch }])));
    const organization = await systemOrganization(tx);
    const appType = await tx.selectFrom('application_type').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const app of apps) await publishApp(tx, organization, appType.id, app);
    return apps.length;
  });
}
