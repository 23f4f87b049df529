import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, RELEASE_MESSAGES } from '@flotilla/core/release-status';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { FAILED_STAYS_FAILED_MESSAGE, NOT_RUNNING_AGAIN_MESSAGE, SUCCESS_IS_FINAL_MESSAGE } from './release-rules.ts';
import { releaseApi, type ReleaseApi } from './release-test-world.ts';

/**
 * Changing and deleting releases through /v7 (fleets spec §4 "Release rules", "Release status
 * and display", "Fleet release targeting"; compat §8 `release finalize`, `deploy S`): each rule
 * with its message. Who may do each: release-permissions.int.test.ts.
 */
let ctx: TestContext;
let api: ReleaseApi;
let fleetId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  api = await releaseApi(ctx);
  fleetId = await api.newFleet();
}, 60_000);
afterAll(async () => ctx?.close());

const patch = (id: number, body: object) => api.v7('PATCH', `release(${id})`, body);
const expectRefused = async (res: Awaited<ReturnType<typeof patch>>, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toBe(message);
};

describe('finalize (is_final only from false to true)', () => {
  it('finalizes a draft as balena release finalize does: revision, raw_version and date assigned', async () => {
    const own = await api.newFleet();
    await api.postRelease(own, { semver: '1.0.0' });
    const draft = await api.postRelease(own, { semver: '1.0.0', is_final: false });
    expect(draft.raw_version).toMatch(/^1\.0\.0-\d{13}$/);
    const before = Date.now();
    const res = await patch(draft.id, { is_final: true });
    expect(res.statusCode, res.body).toBe(200);
    const r = await api.release(draft.id);
    expect(r).toMatchObject({ is_final: true, revision: 1, raw_version: '1.0.0+rev1' });
    expect(Date.parse(r.is_finalized_at__date as string)).toBeGreaterThanOrEqual(before - 1000);
  });
  it('refuses to turn a final release back into a draft: "already finalized"', async () => {
    const r = await api.postRelease(fleetId);
    await expectRefused(await patch(r.id, { is_final: false }), 400, RELEASE_MESSAGES.alreadyFinalized);
    expect((await api.release(r.id)).is_final).toBe(true);
    // Finalizing again is harmless and keeps the revision.
    expect((await patch(r.id, { is_final: true })).statusCode).toBe(200);
    expect((await api.release(r.id)).revision).toBe(r.revision);
  });
  it('lets a draft stay a draft', async () => {
    const draft = await api.postRelease(fleetId, { is_final: false });
    expect((await patch(draft.id, { is_final: false, note: 'still a draft' })).statusCode).toBe(200);
    expect(await api.release(draft.id)).toMatchObject({ is_final: false, revision: null, note: 'still a draft' });
  });
  it('finalizes several drafts at once with consecutive revisions', async () => {
    const own = await api.newFleet();
    const a = await api.postRelease(own, { semver: '5.0.0', is_final: false });
    const b = await api.postRelease(own, { semver: '5.0.0', is_final: false });
    const res = await api.v7('PATCH', `release?$filter=belongs_to__application eq ${own}`, { is_final: true });
    expect(res.statusCode, res.body).toBe(200);
    const revisions = [(await api.release(a.id)).revision, (await api.release(b.id)).revision].sort();
    expect(revisions).toEqual([0, 1]);
  });
});

describe('version edit (three-digit semver only)', () => {
  it('sets a three-digit semver and re-derives the parts, revision and raw_version', async () => {
    const own = await api.newFleet();
    await api.postRelease(own, { semver: '2.0.0' });
    const r = await api.postRelease(own, { semver: '1.0.0-beta+build.1' });
    expect((await patch(r.id, { semver: '2.0.0' })).statusCode).toBe(200);
    expect(await api.release(r.id)).toMatchObject({ semver: '2.0.0', semver_major: 2, semver_prerelease: '', semver_build: '', revision: 1, raw_version: '2.0.0+rev1' });
    // Within its own version line it keeps its revision.
    expect((await patch(r.id, { semver: '2.0.0' })).statusCode).toBe(200);
    expect((await api.release(r.id)).revision).toBe(1);
  });
  it("re-derives a draft's raw_version with its creation time", async () => {
    const draft = await api.postRelease(fleetId, { is_final: false });
    expect((await patch(draft.id, { semver: '7.8.9' })).statusCode).toBe(200);
    expect((await api.release(draft.id)).raw_version).toBe(`7.8.9-${Date.parse(draft.created_at as string)}`);
  });
  it('re-derives raw_version when the variant changes', async () => {
    const own = await api.newFleet();
    const r = await api.postRelease(own, { semver: '1.1.1' });
    expect((await patch(r.id, { variant: 'dev' })).statusCode).toBe(200);
    expect((await api.release(r.id)).raw_version).toBe('1.1.1+dev');
  });
  it('refuses anything but x.y.z with digits', async () => {
    const r = await api.postRelease(fleetId, { semver: '1.0.0' });
    for (const semver of ['1.0', '1.0.0-beta', '1.0.0+build', 'v1.0.0', 'x.y.z', '']) {
      const res = await patch(r.id, { semver });
      expect(res.statusCode, semver).toBe(400);
      expect(res.json().error).toMatch(/x\.y\.z|Enter a version/);
    }
    expect((await api.release(r.id)).semver).toBe('1.0.0');
  });
});

describe('validity (is_invalidated)', () => {
  it('invalidates and validates a successful release', async () => {
    const r = await api.postRelease(fleetId);
    expect((await patch(r.id, { is_invalidated: true })).statusCode).toBe(200);
    expect((await api.release(r.id)).is_invalidated).toBe(true);
    expect((await patch(r.id, { is_invalidated: false })).statusCode).toBe(200);
    expect((await api.release(r.id)).is_invalidated).toBe(false);
  });
  it('refuses to validate failed or cancelled releases: "Cannot validate failed releases"', async () => {
    for (const status of ['failed', 'error', 'interrupted', 'cancelled', 'timeout']) {
      const r = await api.postRelease(fleetId, { status });
      expect((await patch(r.id, { is_invalidated: true })).statusCode, status).toBe(200);
      await expectRefused(await patch(r.id, { is_invalidated: false }), 400, RELEASE_MESSAGES.cannotValidateFailed);
      expect((await api.release(r.id)).is_invalidated, status).toBe(true);
    }
  });
  it('treats a running build silent for over 120 s as timed out, so it cannot be validated either', async () => {
    const r = await api.postRelease(fleetId, { status: 'running' });
    expect((await patch(r.id, { is_invalidated: true })).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('release')
      .set({ update_timestamp: new Date(Date.now() - BUILD_TIMEOUT_MS - 5_000) })
      .where('id', '=', r.id)
      .execute();
    await expectRefused(await patch(r.id, { is_invalidated: false }), 400, RELEASE_MESSAGES.cannotValidateFailed);
  });
});

describe('update_timestamp', () => {
  it('moves on every write, whatever the body says', async () => {
    const r = await api.postRelease(fleetId, { status: 'running' });
    const old = new Date(Date.now() - 3600_000);
    await ctx.database.db.updateTable('release').set({ update_timestamp: old }).where('id', '=', r.id).execute();
    const before = Date.now();
    expect((await patch(r.id, { note: 'n', update_timestamp: old.toISOString() })).statusCode).toBe(200);
    expect(Date.parse((await api.release(r.id)).update_timestamp as string)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('status', () => {
  it('ends a running build in success with an end time, as balena deploy does', async () => {
    const r = await api.postRelease(fleetId, { status: 'running' });
    const end = '2026-02-02T02:02:02.000Z';
    expect((await patch(r.id, { status: 'success', end_timestamp: end })).statusCode).toBe(200);
    expect(await api.release(r.id)).toMatchObject({ status: 'success', end_timestamp: end });
    const other = await api.postRelease(fleetId, { status: 'running' });
    expect((await patch(other.id, { status: 'failed' })).statusCode).toBe(200);
    expect((await api.release(other.id)).end_timestamp).not.toBeNull();
  });
  it('keeps a successful release successful', async () => {
    const r = await api.postRelease(fleetId);
    await expectRefused(await patch(r.id, { status: 'failed' }), 400, SUCCESS_IS_FINAL_MESSAGE);
    await expectRefused(await patch(r.id, { status: 'running' }), 400, SUCCESS_IS_FINAL_MESSAGE);
  });
  it('never makes a finished build running or a failed one successful, but relabels failures', async () => {
    const r = await api.postRelease(fleetId, { status: 'failed' });
    await expectRefused(await patch(r.id, { status: 'running' }), 400, NOT_RUNNING_AGAIN_MESSAGE);
    await expectRefused(await patch(r.id, { status: 'success' }), 400, FAILED_STAYS_FAILED_MESSAGE);
    expect((await patch(r.id, { status: 'cancelled' })).statusCode).toBe(200);
  });
  it("cancels an interrupted deploy with balena-cli's filter, leaving a successful release alone", async () => {
    const running = await api.postRelease(fleetId, { status: 'running' });
    const done = await api.postRelease(fleetId, { status: 'success' });
    for (const r of [running, done]) {
      const res = await api.v7('PATCH', `release?$filter=id eq ${r.id} and status ne 'success'`, { status: 'cancelled' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await api.release(running.id)).status).toBe('cancelled');
    expect((await api.release(done.id)).status).toBe('success');
  });
  it('refuses an unknown status', async () => {
    const r = await api.postRelease(fleetId, { status: 'running' });
    expect((await patch(r.id, { status: 'finished' })).statusCode).toBe(400);
  });
});

describe('fleets tracking the latest release', () => {
  it('move to a release created final and successful', async () => {
    const own = await api.newFleet();
    expect((await api.fleet(own)).should_track_latest_release).toBe(true);
    const r = await api.postRelease(own);
    expect((await api.fleet(own)).should_be_running__release).toBe(r.id);
  });
  it('move when a running build succeeds, not before, and not to drafts', async () => {
    const own = await api.newFleet();
    const first = await api.postRelease(own);
    const build = await api.postRelease(own, { status: 'running' });
    expect((await api.fleet(own)).should_be_running__release).toBe(first.id);
    const draft = await api.postRelease(own, { is_final: false });
    expect((await api.fleet(own)).should_be_running__release).toBe(first.id);
    expect((await patch(build.id, { status: 'success' })).statusCode).toBe(200);
    expect((await api.fleet(own)).should_be_running__release).toBe(build.id);
    // Finalizing the (newer, successful) draft makes it the latest.
    expect((await patch(draft.id, { is_final: true })).statusCode).toBe(200);
    expect((await api.fleet(own)).should_be_running__release).toBe(draft.id);
  });
  it('skip invalidated releases and leave pinned fleets where they are', async () => {
    const own = await api.newFleet();
    const first = await api.postRelease(own);
    const build = await api.postRelease(own, { status: 'running' });
    expect((await patch(build.id, { is_invalidated: true })).statusCode).toBe(200);
    expect((await patch(build.id, { status: 'success' })).statusCode).toBe(200);
    expect((await api.fleet(own)).should_be_running__release).toBe(first.id);
    // Validating it makes it the latest trackable release.
    expect((await patch(build.id, { is_invalidated: false })).statusCode).toBe(200);
    expect((await api.fleet(own)).should_be_running__release).toBe(build.id);

    const pinned = await api.newFleet();
    const target = await api.postRelease(pinned);
    expect((await api.v7('PATCH', `application(${pinned})`, { should_track_latest_release: false, should_be_running__release: target.id })).statusCode).toBe(200);
    await api.postRelease(pinned);
    expect(await api.fleet(pinned)).toMatchObject({ should_track_latest_release: false, should_be_running__release: target.id });
  });
});

describe('delete', () => {
  it('deletes a release nothing runs by target or pin', async () => {
    const own = await api.newFleet();
    await api.postRelease(own);
    const loose = await api.postRelease(own, { status: 'failed' });
    expect((await api.v7('DELETE', `release(${loose.id})`)).statusCode).toBe(200);
    expect((await api.v7('GET', `release(${loose.id})`)).json().d).toEqual([]);
  });
  it("refuses a fleet's target release: \"cannot delete pinned releases\"", async () => {
    const own = await api.newFleet();
    const target = await api.postRelease(own);
    expect((await api.fleet(own)).should_be_running__release).toBe(target.id);
    await expectRefused(await api.v7('DELETE', `release(${target.id})`), 409, RELEASE_MESSAGES.cannotDeletePinned);
    expect((await api.release(target.id)).id).toBe(target.id);
  });
  it('refuses a release a device is pinned to, also among others in a $filter delete', async () => {
    const own = await api.newFleet();
    await api.postRelease(own); // the fleet's target
    const pinned = await api.postRelease(own);
    const loose = await api.postRelease(own, { status: 'failed' });
    await ctx.database.db.updateTable('application').set({ should_be_running__release: null, should_track_latest_release: false }).where('id', '=', own).execute();
    await api.addDevice(own, pinned.id);
    await expectRefused(await api.v7('DELETE', `release?$filter=id in (${pinned.id}, ${loose.id})`), 409, RELEASE_MESSAGES.cannotDeletePinned);
    expect((await api.release(loose.id)).id).toBe(loose.id);
  });
});
