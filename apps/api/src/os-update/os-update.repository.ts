import { sql } from 'kysely';
import { hostAppPolicy, osReleasesOf, type OsRelease } from '@flotilla/core/os-releases';
import { OS_UPDATE_PERMISSION } from '@flotilla/core/os-update';
import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { condSql, userFleetPermission } from '../model/access/rule-builders.ts';

export interface HupDevice {
  id: number;
  uuid: string;
  is_connected_to_vpn: boolean;
  os_version: string | null;
  os_variant: string | null;
  update_status: string | null;
  should_be_operated_by__release: number | null;
  device_type_id: number;
  device_type: string;
}

/**
 * The active device `uuid` if the caller holds resin.device.actions-proxy-hup on its fleet —
 * the permission compiled into the one query, so a device that is absent, someone else's or
 * not permitted is the same null.
 */
export async function findHupDevice(db: Db, caller: UserPrincipal, uuid: string): Promise<HupDevice | null> {
  const allowed = userFleetPermission(caller, OS_UPDATE_PERMISSION, sql.ref('d.belongs_to__application'));
  const r = await sql<HupDevice>`
    SELECT d.id, d.uuid, d.is_connected_to_vpn, d.os_version, d.os_variant, d.update_status, d.should_be_operated_by__release,
           dt.id AS device_type_id, dt.slug AS device_type
      FROM device d JOIN device_type dt ON dt.id = d.is_of__device_type
     WHERE d.uuid = ${uuid} AND d.is_active AND ${condSql(allowed)}`.execute(db);
  return r.rows[0] ?? null;
}

export interface HostOsReleases {
  releases: Array<OsRelease & { commit: string; appUuid: string }>;
  /** The takeover threshold the type's host application names, if any. */
  minTakeoverVersion: string | undefined;
}

/** The final, successful, valid releases of the host applications of a device type, with their lines. */
export async function listHostOsReleases(db: Db, deviceTypeId: number): Promise<HostOsReleases> {
  const apps = await db.selectFrom('application').select(['id', 'uuid']).where('is_host', '=', true).where('is_archived', '=', false).where('is_for__device_type', '=', deviceTypeId).execute();
  if (apps.length === 0) return { releases: [], minTakeoverVersion: undefined };
  const appIds = apps.map((a) => a.id);
  const [appTags, rows] = await Promise.all([
    db.selectFrom('application_tag').select(['application', 'tag_key', 'value']).where('application', 'in', appIds).execute(),
    db
      .selectFrom('release')
      .select(['id', 'commit', 'raw_version', 'variant', 'phase', 'known_issue_list', 'belongs_to__application'])
      .where('belongs_to__application', 'in', appIds)
      .where('status', '=', 'success')
      .where('is_final', '=', true)
      .where('is_invalidated', '=', false)
      .execute(),
  ]);
  const releaseTags = rows.length
    ? await db.selectFrom('release_tag').select(['release', 'tag_key', 'value']).where('release', 'in', rows.map((r) => r.id)).execute()
    : [];
  const releases: Array<OsRelease & { commit: string; appUuid: string }> = [];
  let minTakeoverVersion: string | undefined;
  for (const { id: appId, uuid: appUuid } of apps) {
    const policy = hostAppPolicy(appTags.filter((t) => t.application === appId));
    minTakeoverVersion ??= policy.minTakeoverVersion;
    const own = rows.filter((r) => r.belongs_to__application === appId);
    const commits = new Map(own.map((r) => [r.id, r.commit]));
    const read = osReleasesOf(
      own.map((r) => ({ ...r, release_tag: releaseTags.filter((t) => t.release === r.id) })),
      policy,
    );
    releases.push(...read.map((r) => ({ ...r, commit: commits.get(r.id)!, appUuid })));
  }
  return { releases, minTakeoverVersion };
}

/** The device's host OS target (should_be_operated_by__release), written by the server after the device took the update. */
export async function setHostOsTarget(db: Db, deviceId: number, releaseId: number): Promise<void> {
  await db.updateTable('device').set({ should_be_operated_by__release: releaseId }).where('id', '=', deviceId).execute();
}
