// First-start demo data, created through the public API exactly as a user would, so it
// exercises the same paths as everyone else. State (generated password, provisioning key)
// is kept in DATA_DIR/demo.json so a second start reuses it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensureDemoReleases } from './demo-releases.ts';

export const DEMO_EMAIL = 'demo@flotilla.local';
const ORG_NAME = 'Demo';
const FLEET_NAME = 'demo-fleet';
const DEVICE_TYPE = 'raspberrypi4-64';

interface DemoState {
  email: string;
  password: string;
  provisioningKey?: string;
}

export interface Demo extends DemoState {
  provisioningKey: string;
  fleetSlug: string;
  passwordFromEnv: boolean;
}

async function call(api: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; text: string; json: () => unknown }> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

function expectOk(r: { status: number; text: string }, what: string): void {
  if (r.status >= 300) throw new Error(`Demo seed: ${what} failed (${r.status}): ${r.text}`);
}

const tokenOf = (text: string) => (text.startsWith('"') ? (JSON.parse(text) as string) : text);

export async function ensureDemo(api: string, dataDir: string): Promise<Demo> {
  const file = join(dataDir, 'demo.json');
  const saved: Partial<DemoState> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const passwordFromEnv = Boolean(process.env.DEMO_PASSWORD);
  const state: DemoState = {
    email: DEMO_EMAIL,
    password: process.env.DEMO_PASSWORD || saved.password || randomBytes(9).toString('base64url'),
    provisioningKey: saved.provisioningKey,
  };

  let login = await call(api, 'POST', '/login_', undefined, { username: state.email, password: state.password });
  if (login.status === 401) {
    const reg = await call(api, 'POST', '/user/register', undefined, { email: state.email, password: state.password, 'g-recaptcha-response': 'dummy' });
    if (reg.status === 409) throw new Error(`Demo user exists with another password: set DEMO_PASSWORD or remove ${dataDir}.`);
    expectOk(reg, 'register');
    login = await call(api, 'POST', '/login_', undefined, { username: state.email, password: state.password });
  }
  expectOk(login, 'login');
  const token = tokenOf(login.text);
  const me = (await call(api, 'GET', '/actor/v1/whoami', token)).json() as { actorTypeId: number };

  // The "demo" organization, not the personal one every new user also gets.
  const demoOrgs = `/v7/organization?$select=id,handle&$filter=handle%20eq%20'demo'%20and%20organization_membership/any(om:om/user%20eq%20${me.actorTypeId})`;
  let orgs = (await call(api, 'GET', demoOrgs, token)).json() as { d: { id: number; handle: string }[] };
  if (orgs.d.length === 0) {
    expectOk(await call(api, 'POST', '/v7/organization', token, { name: ORG_NAME, handle: 'demo' }), 'create organization');
    orgs = (await call(api, 'GET', demoOrgs, token)).json() as typeof orgs;
  }
  const org = orgs.d[0]!;

  const slug = `${org.handle}/${FLEET_NAME}`;
  let fleets = (await call(api, 'GET', `/v7/application?$select=id,slug&$filter=slug%20eq%20'${encodeURIComponent(slug)}'`, token)).json() as { d: { id: number }[] };
  if (fleets.d.length === 0) {
    const dt = (await call(api, 'GET', `/v7/device_type?$select=id&$filter=slug%20eq%20'${DEVICE_TYPE}'`, token)).json() as { d: { id: number }[] };
    expectOk(await call(api, 'POST', '/v7/application', token, { app_name: FLEET_NAME, organization: org.id, is_for__device_type: dt.d[0]!.id, is_of__class: 'fleet' }), 'create fleet');
    fleets = (await call(api, 'GET', `/v7/application?$select=id,slug&$filter=slug%20eq%20'${encodeURIComponent(slug)}'`, token)).json() as typeof fleets;
  }
  const fleetId = fleets.d[0]!.id;
  // Two releases, the newer one the fleet's target: the devices download and run it.
  await ensureDemoReleases(api, token, fleetId);

  if (!state.provisioningKey) {
    const key = await call(api, 'POST', '/api-key/v2/', token, {
      actorType: 'application',
      actorTypeId: fleetId,
      roles: ['provisioning-api-key'],
      name: 'demo-simulator',
      description: 'Used by the simulated demo devices',
      expiryDate: null,
    });
    expectOk(key, 'create provisioning key');
    state.provisioningKey = tokenOf(key.text);
  }
  writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  return { ...state, provisioningKey: state.provisioningKey, fleetSlug: slug, passwordFromEnv };
}
