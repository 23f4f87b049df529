import { RELEASE_MESSAGES, canValidateRelease, effectiveReleaseStatus, releaseSemverProblem } from '@flotilla/core/release-status';
import {
  DEFAULT_SEMVER,
  formatSemver,
  fromColumns,
  nextRevision,
  parseSemver,
  rawVersion,
  revisionMismatch,
  sameVersionLine,
  type SemverParts,
} from '@flotilla/core/release-version';
import { assertOrganizationCanGrow } from '../billing/frozen-organization.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { ResourceHooks, Values, WriteContext } from '../model/types.ts';
import {
  clearRevisions,
  followLatestRelease,
  listReleases,
  lockFleetRevisions,
  pinnedOrTargeted,
  setDerivedVersion,
  takenRevisions,
  type ReleaseRow,
} from './release.repository.ts';
import { checkCommit, checkComposition, checkSource, checkStatus, decodeJsonFields, semverMessage, statusChangeProblem } from './release-rules.ts';

const JSON_FIELDS = ['composition', 'contract'] as const;

function semverColumns(p: SemverParts): Values {
  return {
    semver: formatSemver(p),
    semver_major: p.major,
    semver_minor: p.minor,
    semver_patch: p.patch,
    semver_prerelease: p.prerelease,
    semver_build: p.build,
  };
}

/** The revision a newly final release of `fleetId` takes; the fleet's revisions stay locked until the transaction ends. */
async function assignRevision(ctx: WriteContext, fleetId: number, version: SemverParts): Promise<number> {
  await lockFleetRevisions(ctx.db, fleetId);
  const revision = nextRevision(await takenRevisions(ctx.db, fleetId, version));
  const mismatch = revisionMismatch(version.build, revision);
  if (mismatch) throw badRequest(mismatch, 'revision_mismatch');
  return revision;
}

function checkValidation(rows: ReleaseRow[], patch: Values): void {
  if (patch.is_invalidated !== false) return;
  const now = Date.now();
  for (const row of rows) {
    if (!row.is_invalidated) continue;
    const status = typeof patch.status === 'string' ? patch.status : effectiveReleaseStatus(row, now);
    if (!canValidateRelease(status)) throw badRequest(RELEASE_MESSAGES.cannotValidateFailed, 'cannot_validate_failed');
  }
}

/**
 * Release write rules (fleets spec §3 Release, §4 "Release status and display", "Release
 * rules", "Fleet release targeting"; compat §6.1, §8 `deploy S` and `release finalize`). They
 * run after the engine has checked resin.release.create / update / delete on the release's
 * fleet, so they may read other rows of it.
 */
export const releaseHooks: ResourceHooks = {
  async beforeCreate(values: Values, ctx) {
    const out: Values = { ...values };
    if (typeof out.belongs_to__application === 'number') await assertOrganizationCanGrow(ctx.db, { fleetId: out.belongs_to__application });
    decodeJsonFields(out, JSON_FIELDS);
    checkCommit(out.commit);
    checkStatus(out.status);
    if (out.source != null) checkSource(out.source);
    if (out.composition !== undefined) checkComposition(out.composition);
    const now = new Date();
    // created_at is set here rather than by the column default: a draft's raw_version carries it.
    out.created_at = now.toISOString();
    out.update_timestamp = now.toISOString();
    out.start_timestamp ??= now.toISOString();
    if (out.is_created_by__user == null && ctx.principal.kind === 'user') out.is_created_by__user = ctx.principal.userId;

    let version = DEFAULT_SEMVER;
    if (out.semver != null) {
      const parsed = parseSemver(String(out.semver));
      if (!parsed) throw badRequest(semverMessage(String(out.semver)), 'invalid_semver');
      version = parsed;
    }
    Object.assign(out, semverColumns(version));
    out.variant ??= '';
    out.is_final ??= true; // balena: releases are final unless created as drafts
    let revision: number | null = null;
    if (out.is_final === true) {
      revision = await assignRevision(ctx, out.belongs_to__application as number, version);
      out.is_finalized_at__date = now.toISOString();
    }
    out.revision = revision;
    out.raw_version = rawVersion({ ...version, variant: out.variant as string, revision, created_at: now });
    return out;
  },

  async afterCreate(row, ctx) {
    if (row.status === 'success' && row.is_final === true) await followLatestRelease(ctx.db, row.belongs_to__application as number);
  },

  async beforeUpdate(patch: Values, ids, ctx) {
    const out: Values = { ...patch };
    decodeJsonFields(out, JSON_FIELDS);
    if ('commit' in out) checkCommit(out.commit);
    if ('status' in out) checkStatus(out.status);
    if ('source' in out) checkSource(out.source);
    if ('composition' in out) checkComposition(out.composition);
    const rows = await listReleases(ctx.db, ids);

    // is_final goes only from false to true (spec §4 "Release rules").
    if (out.is_final === false && rows.some((r) => r.is_final)) throw badRequest(RELEASE_MESSAGES.alreadyFinalized, 'already_finalized');

    // The version edit sets only a three-digit semver; a final release changing version line
    // gives up its revision now and gets the next one of its new line after the write.
    if ('semver' in out) {
      const problem = releaseSemverProblem(String(out.semver ?? ''));
      if (problem) throw badRequest(problem, 'invalid_semver');
      const version = parseSemver(String(out.semver))!;
      Object.assign(out, semverColumns(version));
      await clearRevisions(
        ctx.db,
        rows.filter((r) => r.revision !== null && !sameVersionLine(version, fromColumns(r))).map((r) => r.id),
      );
    }

    if (typeof out.status === 'string') {
      for (const row of rows) {
        const problem = statusChangeProblem(row.status, out.status);
        if (problem) throw badRequest(problem, 'invalid_status_change');
      }
      // A build that ends without saying when ends now.
      if (out.status !== 'running' && !('end_timestamp' in out) && rows.every((r) => r.status === 'running')) out.end_timestamp = new Date().toISOString();
    }
    checkValidation(rows, out);
    out.update_timestamp = new Date().toISOString();
    return out;
  },

  async afterUpdate(ids, patch, ctx) {
    const versionChanged = 'semver' in patch || 'variant' in patch || patch.is_final === true;
    const mayBeLatest = patch.status === 'success' || patch.is_final === true || patch.is_invalidated === false;
    if (!versionChanged && !mayBeLatest) return;
    const rows = await listReleases(ctx.db, ids);
    if (versionChanged) {
      const now = new Date().toISOString();
      // One at a time, in finalisation order: each row's revision counts the ones just taken.
      for (const row of rows) {
        let revision = row.revision;
        let finalizedAt: string | undefined;
        if (row.is_final && revision === null) {
          revision = await assignRevision(ctx, row.belongs_to__application, fromColumns(row));
          if (row.is_finalized_at__date === null) finalizedAt = now;
        }
        await setDerivedVersion(ctx.db, row.id, { revision, raw_version: rawVersion(fromColumns({ ...row, revision })), is_finalized_at__date: finalizedAt });
      }
    }
    if (mayBeLatest) {
      const fleets = new Set(rows.filter((r) => r.status === 'success' && r.is_final && !r.is_invalidated).map((r) => r.belongs_to__application));
      for (const fleetId of fleets) await followLatestRelease(ctx.db, fleetId);
    }
  },

  async beforeDelete(ids, ctx) {
    // Pinned or target releases cannot be deleted (spec §4 "Release rules").
    if ((await pinnedOrTargeted(ctx.db, ids)).length > 0) throw conflict(RELEASE_MESSAGES.cannotDeletePinned, 'release_pinned');
  },
};
