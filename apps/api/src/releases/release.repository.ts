import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { VersionColumns } from '@flotilla/core/release-version';
import { getLatestTrackableRelease } from '../fleets/application.repository.ts';

/** Queries the release write hooks need (release.hooks.ts). Run inside the write's transaction. */

/** A release as the hooks read it: its version columns (core's VersionColumns) and its state. */
export interface ReleaseRow extends VersionColumns {
  id: number;
  belongs_to__application: number;
  status: string;
  is_final: boolean;
  is_invalidated: boolean;
  created_at: Date;
  update_timestamp: Date;
  end_timestamp: Date | null;
  is_finalized_at__date: Date | null;
}

export async function listReleases(db: Db, ids: readonly number[]): Promise<ReleaseRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<ReleaseRow>`SELECT id, belongs_to__application, status, is_final, is_invalidated, revision,
      semver_major, semver_minor, semver_patch, semver_prerelease, semver_build, variant,
      created_at, update_timestamp, end_timestamp, is_finalized_at__date
    FROM release WHERE id IN (${sql.join([...ids])}) ORDER BY belongs_to__application, is_finalized_at__date NULLS LAST, id`.execute(db);
  return r.rows;
}

/**
 * Serialises revision numbering within a fleet for the rest of the transaction, so two
 * releases finalised at once cannot take the same revision (the unique index would refuse the
 * second with a 409 the client did nothing to cause).
 */
export async function lockFleetRevisions(db: Db, fleetId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('flotilla:release-revision'), ${fleetId}::int)`.execute(db);
}

/**
 * The revisions already taken in a fleet for a version core and prerelease (the unique index
 * release_final_version_key counts them this way; balena also splits by variant, which this
 * schema's index does not, so revisions here count across variants).
 */
export async function takenRevisions(
  db: Db,
  fleetId: number,
  v: { major: number; minor: number; patch: number; prerelease: string },
): Promise<number[]> {
  const r = await sql<{ revision: number }>`SELECT revision FROM release
    WHERE belongs_to__application = ${fleetId} AND is_final AND revision IS NOT NULL
      AND semver_major = ${v.major} AND semver_minor = ${v.minor} AND semver_patch = ${v.patch}
      AND semver_prerelease = ${v.prerelease}`.execute(db);
  return r.rows.map((row) => row.revision);
}

/** Version fields the hooks derive per row (revision and raw_version depend on the row's other fields). */
export async function setDerivedVersion(
  db: Db,
  id: number,
  v: { revision: number | null; raw_version: string; is_finalized_at__date?: string },
): Promise<void> {
  await sql`UPDATE release SET revision = ${v.revision}, raw_version = ${v.raw_version},
      is_finalized_at__date = coalesce(${v.is_finalized_at__date ?? null}::timestamptz, is_finalized_at__date)
    WHERE id = ${id}`.execute(db);
}

/** Clears revisions of final rows whose version line is about to change (they get new ones after the write). */
export async function clearRevisions(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE release SET revision = NULL WHERE id IN (${sql.join([...ids])}) AND revision IS NOT NULL`.execute(db);
}

/** Releases among `ids` that a fleet targets or a device is pinned to (fleets spec §4 "Release rules"). */
export async function pinnedOrTargeted(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await sql<{ id: number }>`SELECT r.id FROM release r
    WHERE r.id IN (${sql.join([...ids])})
      AND (EXISTS (SELECT 1 FROM application a WHERE a.should_be_running__release = r.id)
        OR EXISTS (SELECT 1 FROM device d WHERE d.is_pinned_on__release = r.id))`.execute(db);
  return r.rows.map((row) => row.id);
}

/**
 * A fleet that tracks the latest release runs its newest final, successful, valid release
 * (fleets spec §4 "Fleet release targeting"). Called when a release of the fleet becomes one;
 * a server-side consequence of the release write, so it does not need resin.application.update.
 */
export async function followLatestRelease(db: Db, fleetId: number): Promise<void> {
  const latest = await getLatestTrackableRelease(db, fleetId);
  if (latest === undefined) return;
  await sql`UPDATE application SET should_be_running__release = ${latest}
    WHERE id = ${fleetId} AND should_track_latest_release
      AND should_be_running__release IS DISTINCT FROM ${latest}`.execute(db);
}
