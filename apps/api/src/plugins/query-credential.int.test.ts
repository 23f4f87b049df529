// `?apikey=` carries API keys only (user, provisioning and device keys, as balena clients send
// them); a session JWT there is refused, because a URL ends up in logs, history and Referer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, newDeviceUuid } from '../devices/device-test-factories.ts';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('a session JWT in ?apikey=', () => {
  it.each(['/actor/v1/whoami', '/v7/application?$select=id', '/user/v1/refresh-token'])('answers 401 on the protected route %s', async (path) => {
    const sep = path.includes('?') ? '&' : '?';
    const res = await get(`${path}${sep}apikey=${user.token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.sessionInUrl, code: 'session_token_in_url' });
  });

  it('is the same token that works in the Authorization header', async () => {
    const res = await get('/actor/v1/whoami', bearer(user.token));
    expect(res.statusCode).toBe(200);
  });

  it('is ignored on a public route, which answers as to an anonymous caller', async () => {
    const res = await get(`/config?apikey=${user.token}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('API keys in ?apikey=', () => {
  it('accepts a user API key', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(user.token), payload: { name: 'ci', expiryDate: null } });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json<string>();
    const res = await get(`/actor/v1/whoami?apikey=${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: expect.any(String) });
  });

  it('accepts a provisioning key (register) and a device key (target state)', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.app.db);
    const uuid = newDeviceUuid();
    const deviceKey = generateApiKeySecret();
    const reg = await ctx.app.inject({
      method: 'POST',
      url: `/device/register?apikey=${fleet.provisioningKey}`,
      payload: { uuid, device_type: 'raspberrypi4-64', api_key: deviceKey },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const state = await get(`/device/v3/${uuid}/state?apikey=${deviceKey}`);
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toHaveProperty(uuid);
  });
});
