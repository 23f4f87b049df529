// `flotilla release create` as a user runs it: the CLI as a child process against a live
// server on a real database; the release is then read back from the database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../api/src/test/harness.ts';
import { createRelease } from './release-create.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../../api/src/devices/device-test-factories.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const DIGEST = `sha256:${'0123456789abcdef'.repeat(4)}`;
const COMPOSE = `
version: "2.4"
services:
  main:
    build: ./main
    labels:
      io.balena.features.dbus: "1"
    environment:
      - MODE=production
  metrics:
    image: registry.local/metrics:1.0
`;

let ctx: TestContext;
let url: string;
let dir: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'flotilla-cli-'));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await ctx?.close();
});

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, FLOTILLA_TOKEN: '' } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function composeFile(text: string): string {
  const path = join(dir, `compose-${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(path, text);
  return path;
}

async function developer(): Promise<{ fleet: TestFleetWithKey; key: string; slug: string }> {
  const fleet = await createFleetWithProvisioningKey(ctx.database.db);
  const { apiKey } = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
  const { slug } = await ctx.database.db.selectFrom('application').select('slug').where('id', '=', fleet.applicationId).executeTakeFirstOrThrow();
  return { fleet, key: apiKey, slug: slug as string };
}

const releasesOf = (fleetId: number) => ctx.database.db.selectFrom('release').selectAll().where('belongs_to__application', '=', fleetId).execute();

describe('flotilla release create', () => {
  it('creates a successful release with its services, images, labels and environment', async () => {
    const { fleet, key, slug } = await developer();
    const out = await run(['release', 'create', '--api', url, '--token', key, '--fleet', slug, '--compose', composeFile(COMPOSE), '--image', `main=registry.local/main@${DIGEST}`, '--version', '1.2.3', '--note', 'first', '--json']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const printed = JSON.parse(out.stdout) as { id: number; commit: string; status: string; images: { service: string }[] };
    expect(printed).toMatchObject({ status: 'success', fleet: { id: fleet.applicationId, slug } });
    expect(printed.commit).toMatch(/^[0-9a-f]{32}$/);

    const [release] = await releasesOf(fleet.applicationId);
    expect(release).toMatchObject({ id: printed.id, commit: printed.commit, status: 'success', source: 'local', is_final: true, note: 'first', semver: '1.2.3' });
    expect(release!.end_timestamp).not.toBeNull();
    expect(release!.is_created_by__user).not.toBeNull();
    const composition = (typeof release!.composition === 'string' ? JSON.parse(release!.composition) : release!.composition) as { services: Record<string, { image: string }> };
    expect(composition.services.main!.image).toBe(`registry.local/main@${DIGEST}`);

    const images = await ctx.database.db
      .selectFrom('release_image as ri')
      .innerJoin('image as i', 'i.id', 'ri.image')
      .innerJoin('service as s', 's.id', 'i.is_a_build_of__service')
      .select(['ri.id as releaseImage', 's.service_name', 'i.status', 'i.content_hash', 'i.push_timestamp'])
      .where('ri.is_part_of__release', '=', printed.id)
      .orderBy('s.service_name')
      .execute();
    expect(images.map((i) => [i.service_name, i.status, i.content_hash])).toEqual([
      ['main', 'success', DIGEST],
      ['metrics', 'success', null],
    ]);
    expect(images.every((i) => i.push_timestamp !== null)).toBe(true);
    const main = images[0]!.releaseImage;
    expect(await ctx.database.db.selectFrom('image_label').select(['label_name', 'value']).where('release_image', '=', main).execute()).toEqual([{ label_name: 'io.balena.features.dbus', value: '1' }]);
    expect(await ctx.database.db.selectFrom('image_environment_variable').select(['name', 'value']).where('release_image', '=', main).execute()).toEqual([{ name: 'MODE', value: 'production' }]);

    // A second release reuses the fleet's services (get-or-create), and by id works as by slug.
    const again = await run(['release', 'create', '--api', url, '--token', key, '--fleet', String(fleet.applicationId), '--compose', composeFile(COMPOSE), '--image', 'main=registry.local/main:2', '--draft']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^Release \\d+ created in ${slug}\\n  commit +[0-9a-f]{32}\\n  raw_version .+\\n  status +success\\n  services +main, metrics$`, 'm'));
    const services = await ctx.database.db.selectFrom('service').select('service_name').where('application', '=', fleet.applicationId).orderBy('service_name').execute();
    expect(services.map((s) => s.service_name)).toEqual(['main', 'metrics']);
    const all = await releasesOf(fleet.applicationId);
    expect(all.map((r) => r.is_final).sort()).toEqual([false, true]);
  }, 60_000);

  it('names the service that has no image, and sends nothing', async () => {
    const { fleet, key, slug } = await developer();
    const out = await run(['release', 'create', '--api', url, '--token', key, '--fleet', slug, '--compose', composeFile(COMPOSE)]);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe('flotilla: service "main" has no image: give --image main=<image reference> (this command does not build)\n');
    expect(await releasesOf(fleet.applicationId)).toEqual([]);
  });

  it('marks the release and its images failed when the connection drops half-way', async () => {
    const { fleet, key, slug } = await developer();
    // The network goes away when the first label is sent: everything before it reached the server.
    const dropping: typeof fetch = (input, init) =>
      String(input).endsWith('/v7/image_label') ? Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })) : fetch(input, init);
    await expect(createRelease({ api: url, token: key, fleet: slug, compose: COMPOSE, images: { main: 'registry.local/main:1' }, fetch: dropping })).rejects.toThrow(
      `cannot reach ${url} (ECONNRESET)`,
    );
    const [release] = await releasesOf(fleet.applicationId);
    expect(release).toMatchObject({ status: 'failed' });
    expect(release!.end_timestamp).not.toBeNull();
    const images = await ctx.database.db.selectFrom('release_image as ri').innerJoin('image as i', 'i.id', 'ri.image').select('i.status').where('ri.is_part_of__release', '=', release!.id).execute();
    expect(images).toEqual([{ status: 'failed' }]);
  });

  // Several CLI processes one after another: each starts tsx, which takes seconds on a loaded machine.
  it('answers a refused token, an unknown fleet, a bad version and a missing token with one line each', async () => {
    const { key, slug } = await developer();
    const file = composeFile(COMPOSE);
    const badToken = await run(['release', 'create', '--api', url, '--token', 'not-a-key', '--fleet', slug, '--compose', file, '--image', 'main=a/b:1']);
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toBe('flotilla: GET /actor/v1/whoami failed (401): the token was not accepted (expired, revoked or mistyped)\n');
    const noFleet = await run(['release', 'create', '--api', url, '--token', key, '--fleet', 'nobody/nothing', '--compose', file, '--image', 'main=a/b:1']);
    expect(noFleet.code).toBe(1);
    expect(noFleet.stderr).toBe('flotilla: fleet "nobody/nothing" not found\n');
    const badVersion = await run(['release', 'create', '--api', url, '--token', key, '--fleet', slug, '--compose', file, '--image', 'main=a/b:1', '--version', '1.2']);
    expect(badVersion.code).toBe(1);
    expect(badVersion.stderr).toBe('flotilla: --version "1.2" is not a semver version such as 1.2.3\n');
    const noToken = await run(['release', 'create', '--api', url, '--fleet', slug, '--compose', file]);
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toBe('flotilla: a token is required: --token <token> or FLOTILLA_TOKEN\n');
  }, 60_000);
});
