import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { publicConfigResponse } from '@flotilla/core/schemas/config';
import { bearer, createFleet, signUp } from '../auth/test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://flotilla.example.org:8443' });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /config/vars', () => {
  it('publishes the naming rules balena-cli reads, without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config/vars' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({
      reservedNames: ['RESIN', 'BALENA', 'USER'],
      reservedNamespaces: ['RESIN_', 'BALENA_'],
      invalidRegex: '/^\\d|\\W/',
      configVarInvalidRegex: '/^[\\d:]|[^A-Za-z0-9_:]/',
    });
    expect(body.whiteListedNames).toContain('BALENA_SUPERVISOR_POLL_INTERVAL');
    expect(body.whiteListedNamespaces).toContain('RESIN_HOST_CONFIG_');
    expect(body.blackListedNames).toContain('BALENA_API_KEY');
    expect(body.configVarSchema.properties.BALENA_SUPERVISOR_POLL_INTERVAL).toMatchObject({ type: 'integer', default: 900000 });
    // The published regexes behave like the rules they describe.
    const invalid = new RegExp(body.invalidRegex.slice(1, -1));
    expect(invalid.test('1ABC')).toBe(true);
    expect(invalid.test('GOOD_NAME')).toBe(false);
  });
});

describe('GET /config/vars?deviceType', () => {
  it("adds the device type's host configuration to configVarSchema, with defaults, allowed values and will_reboot", async () => {
    const props = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/config/vars${query}` });
      expect(res.statusCode).toBe(200);
      return res.json().configVarSchema.properties as Record<string, { type: string; default?: unknown; enum?: string[]; will_reboot?: boolean; description: string }>;
    };
    const pi = await props('?deviceType=raspberrypi4-64');
    expect(pi.BALENA_HOST_CONFIG_gpu_mem).toMatchObject({ type: 'integer', default: 16, will_reboot: true });
    expect(pi.BALENA_SUPERVISOR_POLL_INTERVAL).toMatchObject({ type: 'integer', default: 900000 });
    expect(pi.BALENA_HOST_SPLASH_IMAGE?.description).toMatch(/data URL/);
    expect(pi.BALENA_HOST_ODMDATA_configuration).toBeUndefined();
    const jetson = await props('?deviceType=jetson-orin-nano');
    expect(jetson.BALENA_HOST_ODMDATA_configuration).toMatchObject({ enum: ['1', '2', '3', '4', '5', '6'], default: '1', will_reboot: true });
    expect(jetson.BALENA_HOST_CONFIG_gpu_mem).toBeUndefined();
    // A type without its own family, and no type, get the common part only.
    const nuc = await props('?deviceType=intel-nuc');
    const none = await props('');
    expect(Object.keys(nuc).sort()).toEqual(Object.keys(none).sort());
    expect(none.BALENA_HOST_FIREWALL_MODE).toMatchObject({ enum: ['on', 'off', 'auto'] });
    // The naming rules are the same whatever the type.
    const withType = (await ctx.app.inject({ method: 'GET', url: '/config/vars?deviceType=raspberrypi4-64' })).json();
    const without = (await ctx.app.inject({ method: 'GET', url: '/config/vars' })).json();
    expect({ ...withType, configVarSchema: null }).toEqual({ ...without, configVarSchema: null });
  });

  it('refuses a device type that is not a storable string', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/config/vars?deviceType=${'x'.repeat(300)}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /config', () => {
  it('derives deviceUrlsBase from the public URL host', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config' });
    expect(res.json()).toMatchObject({ deviceUrlsBase: 'devices.flotilla.example.org', isCaptchaRequired: false });
  });

  it('publishes the code host API for SSH key import and the avatar template (none by default)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config' });
    expect(res.json()).toMatchObject({ codeHostApiUrl: 'https://api.github.com', avatarUrl: null });
    const custom = await createTestApp({ codeHostApiUrl: 'http://127.0.0.1:9/keys-api', avatarUrl: 'https://avatars.example/{hash}?d=404' });
    try {
      const body = (await custom.app.inject({ method: 'GET', url: '/config' })).json();
      expect(body).toMatchObject({ codeHostApiUrl: 'http://127.0.0.1:9/keys-api', avatarUrl: 'https://avatars.example/{hash}?d=404' });
    } finally {
      await custom.close();
    }
  });

  it('publishes the admin link target only when ADMIN_URL is configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/config' })).json()).toMatchObject({ adminUrl: null });
    const custom = await createTestApp({ adminUrl: 'https://admin.example.org/' });
    try {
      expect((await custom.app.inject({ method: 'GET', url: '/config' })).json()).toMatchObject({ adminUrl: 'https://admin.example.org/' });
    } finally {
      await custom.close();
    }
  });
});

describe('GET /config add-release settings', () => {
  it('publishes the CLI version and download base, and the git server and the registry only when configured', async () => {
    const defaults = publicConfigResponse.parse((await ctx.app.inject({ method: 'GET', url: '/config' })).json());
    expect(defaults).toMatchObject({ cliVersion: '25.2.6', cliDownloadBaseUrl: 'https://github.com/balena-io/balena-cli/releases/download', gitServer: null, registryUrl: null });
    const custom = await createTestApp({ cliVersion: '1.2.3', cliDownloadBaseUrl: 'https://mirror.example.org/cli', gitServer: 'git.example.org', registryUrl: 'http://127.0.0.1:5999' });
    try {
      const body = publicConfigResponse.parse((await custom.app.inject({ method: 'GET', url: '/config' })).json());
      expect(body).toMatchObject({ cliVersion: '1.2.3', cliDownloadBaseUrl: 'https://mirror.example.org/cli', gitServer: 'git.example.org', registryUrl: 'http://127.0.0.1:5999' });
    } finally {
      await custom.close();
    }
  });
});

describe('GET /config header links', () => {
  it('publishes each header link that is configured and null for the others, in the shared schema', async () => {
    const defaults = (await ctx.app.inject({ method: 'GET', url: '/config' })).json();
    expect(publicConfigResponse.parse(defaults).headerLinks).toEqual({
      gettingStarted: null,
      docs: null,
      featureRequests: null,
      forums: null,
      help: null,
      serviceStatus: null,
      hub: null,
    });
    const custom = await createTestApp({ headerLinks: { docs: 'https://docs.example.org/', serviceStatus: 'https://status.example.org/' } });
    try {
      const res = await custom.app.inject({ method: 'GET', url: '/config' });
      expect(res.statusCode).toBe(200);
      expect(publicConfigResponse.parse(res.json()).headerLinks).toEqual({
        gettingStarted: null,
        docs: 'https://docs.example.org/',
        featureRequests: null,
        forums: null,
        help: null,
        serviceStatus: 'https://status.example.org/',
        hub: null,
      });
    } finally {
      await custom.close();
    }
  });
});

describe('GET /device-types/v1', () => {
  it('lists manifests with aliases and arch; one by slug or alias; unknown slug 404', async () => {
    const db = ctx.database.db;
    const arch = await db.insertInto('cpu_architecture').values({ slug: 'armv7hf' }).onConflict((oc) => oc.column('slug').doNothing()).execute();
    expect(arch).toBeDefined();
    const archId = (await db.selectFrom('cpu_architecture').select('id').where('slug', '=', 'armv7hf').executeTakeFirstOrThrow()).id;
    const dt = await db.insertInto('device_type').values({ slug: 'test-board', name: 'Test Board', is_of__cpu_architecture: archId }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('device_type_alias').values([
      { device_type: dt.id, is_referenced_by__alias: 'test-board' },
      { device_type: dt.id, is_referenced_by__alias: 'test-board-legacy' },
    ]).execute();
    const list = await ctx.app.inject({ method: 'GET', url: '/device-types/v1' });
    expect(list.statusCode).toBe(200);
    const manifest = (list.json() as { slug: string; options: unknown }[]).find((m) => m.slug === 'test-board');
    expect(manifest).toMatchObject({ name: 'Test Board', arch: 'armv7hf', aliases: ['test-board', 'test-board-legacy'], state: 'RELEASED', private: false });
    expect(Array.isArray(manifest?.options)).toBe(true);
    const bySlug = await ctx.app.inject({ method: 'GET', url: '/device-types/v1/test-board' });
    expect(bySlug.json()).toEqual(manifest);
    const byAlias = await ctx.app.inject({ method: 'GET', url: '/device-types/v1/test-board-legacy' });
    expect(byAlias.json()).toEqual(manifest);
    const missing = await ctx.app.inject({ method: 'GET', url: '/device-types/v1/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Invalid device type: nope' });
  });

  it('shows a private type only to members of an organization with access', async () => {
    const fleet = await createFleet(ctx.database.db);
    const arch = await ctx.database.db.selectFrom('cpu_architecture').select('id').where('slug', '=', 'aarch64').executeTakeFirstOrThrow();
    const slug = `secret-board-${fleet.organizationId}`;
    const dt = await ctx.database.db.insertInto('device_type').values({ slug, name: 'Secret board', is_private: true, is_of__cpu_architecture: arch.id }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('organization__has_private_access_to__device_type').values({ organization: fleet.organizationId, has_private_access_to__device_type: dt.id }).execute();
    const member = await signUp(ctx.app);
    const outsider = await signUp(ctx.app);
    const role = await ctx.database.db.insertInto('organization_membership_role').values({ name: 'member' }).onConflict((oc) => oc.column('name').doNothing()).execute();
    expect(role).toBeDefined();
    const roleId = (await ctx.database.db.selectFrom('organization_membership_role').select('id').where('name', '=', 'member').executeTakeFirstOrThrow()).id;
    const userId = (await ctx.database.db.selectFrom('user').select('id').where('email', '=', member.email).executeTakeFirstOrThrow()).id;
    await ctx.database.db.insertInto('organization_membership').values({ user: userId, is_member_of__organization: fleet.organizationId, organization_membership_role: roleId }).execute();
    const seen = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: `/device-types/v1/${slug}`, headers })).statusCode;
    expect(await seen(bearer(member.token))).toBe(200);
    expect(await seen(bearer(outsider.token))).toBe(404);
    expect(await seen({})).toBe(404);
  });
});
