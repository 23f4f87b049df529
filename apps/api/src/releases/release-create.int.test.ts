import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISION_MISMATCH } from '@flotilla/core/release-version';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { COMMIT_MESSAGE, SOURCE_MESSAGE, STATUS_MESSAGE } from './release-rules.ts';
import { newCommit, releaseApi, type ReleaseApi } from './release-test-world.ts';

/**
 * Creating a release through POST /v7/release (fleets spec §3 Release; compat §6.1 release, §8
 * `deploy S`): what the server checks and what it derives. balena deploy's body is
 * `{is_created_by__user, belongs_to__application, composition, commit, status:'running',
 * source:'local', start_timestamp, is_final, contract?, semver?}`.
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

const post = (body: object) => api.v7('POST', 'release', { belongs_to__application: fleetId, commit: newCommit(), status: 'running', ...body });

describe('what balena deploy sends', () => {
  it('creates a running release with the deploy body and fills the server fields', async () => {
    const composition = { version: '2.1', services: { main: { build: { context: '.' }, labels: { 'io.balena.features.dbus': '1' } }, db: { image: 'postgres:16' } } };
    const start = '2026-01-01T00:00:00.000Z';
    const before = Date.now();
    const res = await post({ is_created_by__user: api.userId, composition, source: 'local', start_timestamp: start, is_final: true, contract: { name: 'app', version: '1.2.3' }, semver: '1.2.3' });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({ status: 'running', source: 'local', is_final: true, semver: '1.2.3', semver_major: 1, semver_minor: 2, semver_patch: 3, semver_prerelease: '', semver_build: '', variant: '', revision: 0, raw_version: '1.2.3', start_timestamp: start, is_created_by__user: { __id: api.userId } });
    // JSON fields are stored as sent, not as JSON text.
    expect(r.composition).toEqual(composition);
    expect(r.contract).toEqual({ name: 'app', version: '1.2.3' });
    expect(r.version).toMatchObject({ raw: '1.2.3', major: 1, minor: 2, patch: 3 });
    expect(Date.parse(r.update_timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(r.is_finalized_at__date)).toBeGreaterThanOrEqual(before - 1000);
  });
  it('names the caller as the creator and starts now when the body does not say', async () => {
    const before = Date.now();
    const r = await api.postRelease(fleetId);
    expect(r.is_created_by__user).toEqual({ __id: api.userId });
    expect(Date.parse(r.start_timestamp as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(r.update_timestamp as string)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('checks', () => {
  it('refuses a commit that is not hexadecimal, or too short or long', async () => {
    for (const commit of ['not a commit', 'abc', 'g'.repeat(32), 'a'.repeat(65), '']) {
      const res = await post({ commit });
      expect(res.statusCode, commit).toBe(400);
      expect(res.json().error).toBe(COMMIT_MESSAGE);
    }
    for (const commit of [newCommit(), 'abcdef1', 'a'.repeat(40)]) expect((await post({ commit })).statusCode, commit).toBe(201);
  });
  it('refuses a status outside the release statuses, and a source other than local or cloud', async () => {
    const status = await post({ status: 'done' });
    expect(status.statusCode).toBe(400);
    expect(status.json().error).toBe(STATUS_MESSAGE);
    const source = await post({ source: 'builder' });
    expect(source.statusCode).toBe(400);
    expect(source.json().error).toBe(SOURCE_MESSAGE);
  });
  it('accepts every release status on create', async () => {
    for (const status of ['cancelled', 'interrupted', 'error', 'timeout', 'failed', 'local', 'running', 'success']) {
      expect((await post({ status })).statusCode, status).toBe(201);
    }
  });
  it('refuses a composition that is not a compose document, with what is wrong', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['services: {}', /must be a JSON object/],
      [[1, 2], /must be a JSON object/],
      [{ services: ['main'] }, /"services" must be an object/],
      [{ services: { main: {} } }, /service "main" needs an image or a build/],
      [{ services: { main: { image: 7 } } }, /service "main" "image" is invalid/],
    ];
    for (const [composition, message] of cases) {
      const res = await post({ composition });
      expect(res.statusCode, JSON.stringify(composition)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });
  it('refuses a semver that does not parse', async () => {
    const res = await post({ semver: 'one point two' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('"one point two" is not a semantic version (for example 1.2.3).');
  });
  it('keeps the derived version fields for the server', async () => {
    for (const field of ['revision', 'raw_version', 'semver_major', 'is_finalized_at__date']) {
      expect((await post({ [field]: field === 'raw_version' ? '9.9.9' : field === 'is_finalized_at__date' ? new Date().toISOString() : 9 })).statusCode, field).toBe(400);
    }
  });
});

describe('versions', () => {
  it('gives final releases the next revision of their version in the fleet', async () => {
    const own = await api.newFleet();
    const a = await api.postRelease(own, { semver: '2.0.0' });
    const b = await api.postRelease(own, { semver: '2.0.0' });
    const c = await api.postRelease(own, { semver: '2.0.0', variant: 'dev' });
    const other = await api.postRelease(own, { semver: '2.0.1' });
    expect([a.revision, a.raw_version]).toEqual([0, '2.0.0']);
    expect([b.revision, b.raw_version]).toEqual([1, '2.0.0+rev1']);
    expect([c.revision, c.raw_version]).toEqual([2, '2.0.0+rev2.dev']);
    expect([other.revision, other.raw_version]).toEqual([0, '2.0.1']);
    // Another fleet counts its own.
    expect((await api.postRelease(await api.newFleet(), { semver: '2.0.0' })).revision).toBe(0);
  });
  it('defaults to 0.0.0 and counts revisions of it', async () => {
    const own = await api.newFleet();
    expect((await api.postRelease(own)).raw_version).toBe('0.0.0');
    expect((await api.postRelease(own)).raw_version).toBe('0.0.0+rev1');
  });
  it('gives a draft no revision and its creation time as prerelease', async () => {
    const r = await api.postRelease(fleetId, { is_final: false, semver: '3.1.0' });
    expect(r.is_final).toBe(false);
    expect(r.revision).toBeNull();
    expect(r.is_finalized_at__date).toBeNull();
    expect(r.raw_version).toBe(`3.1.0-${Date.parse(r.created_at as string)}`);
  });
  it('keeps prerelease and build metadata, and a rev<N> that matches', async () => {
    const own = await api.newFleet();
    const pre = await api.postRelease(own, { semver: '1.0.0-beta.1+build.7' });
    expect(pre).toMatchObject({ semver: '1.0.0-beta.1+build.7', semver_prerelease: 'beta.1', semver_build: 'build.7', revision: 0, raw_version: '1.0.0-beta.1+build.7' });
    await api.postRelease(own, { semver: '4.0.0' });
    expect((await api.postRelease(own, { semver: '4.0.0+rev1' })).raw_version).toBe('4.0.0+rev1');
  });
  it('refuses a rev<N> in the build metadata that is not the revision the release gets', async () => {
    const own = await api.newFleet();
    const res = await api.v7('POST', 'release', { belongs_to__application: own, commit: newCommit(), status: 'success', semver: '1.0.0+rev5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(REVISION_MISMATCH);
  });
});
