// Factories shared by the compatibility suites: a live server per test file, and SDK
// instances that sign up, log in and create their own orgs, fleets and devices through
// the published balena-sdk only (each test makes its own data).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { getSdk } from 'balena-sdk';
import { startLiveServer } from './live-server.ts';

export type Sdk = ReturnType<typeof getSdk>;
export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

export const unique = (): string => randomBytes(4).toString('hex');
export const PASSWORD = 'correct horse battery';

/** Starts one live server for the calling test file and closes it afterwards. */
export function useLiveServer(): { readonly current: LiveServer } {
  const holder: { current: LiveServer } = { current: undefined as unknown as LiveServer };
  beforeAll(async () => {
    holder.current = await startLiveServer();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

export function sdkFor(server: LiveServer): Sdk {
  return getSdk({ apiUrl: server.url, dataDirectory: false, deviceUrlsBase: 'devices.local' } as never) as Sdk;
}

export interface SignedUp {
  sdk: Sdk;
  email: string;
  username: string;
}

export async function signedUpSdk(server: LiveServer): Promise<SignedUp> {
  const sdk = sdkFor(server);
  const email = `u${unique()}@example.com`;
  await sdk.auth.register({ email, password: PASSWORD } as never);
  await sdk.auth.login({ email, password: PASSWORD });
  const { username } = await sdk.auth.getUserInfo();
  return { sdk, email, username };
}

export interface Fleet {
  handle: string;
  orgId: number;
  slug: string;
  fleetId: number;
  name: string;
}

export async function orgAndFleet(sdk: Sdk, deviceType = 'raspberrypi4-64'): Promise<Fleet> {
  const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
  const name = `fleet${unique()}`;
  const app = await sdk.models.application.create({ name, deviceType, organization: org.handle });
  return { handle: org.handle, orgId: org.id, slug: app.slug, fleetId: app.id, name };
}

/** Registers a device in the fleet through the SDK's provisioning flow (provisioning key + /device/register). */
export async function registeredDevice(sdk: Sdk, slug: string, deviceType?: string): Promise<{ uuid: string; id: number; apiKey: string }> {
  const uuid = sdk.models.device.generateUniqueKey();
  const reg = await sdk.models.device.register(slug, uuid, deviceType);
  return { uuid, id: reg.id, apiKey: reg.api_key };
}

/** Records the URL and status code of every response the SDK receives (sdk.interceptors), for wire assertions. */
export function recordStatuses(sdk: Sdk): { url: string; status: number }[] {
  const seen: { url: string; status: number }[] = [];
  sdk.interceptors.push({
    response(response: { url: string; statusCode: number }) {
      seen.push({ url: decodeURIComponent(response.url), status: response.statusCode });
      return response;
    },
    responseError(error: { statusCode?: number; requestOptions?: { url?: string; baseUrl?: string } }) {
      const url = `${error.requestOptions?.baseUrl ?? ''}${error.requestOptions?.url ?? ''}`;
      seen.push({ url: decodeURIComponent(url), status: error.statusCode ?? 0 });
      throw error;
    },
  } as never);
  return seen;
}

/**
 * Makes `userId` a plain member of the organization, as an accepted invitation does (invites
 * have their own suite). Written to the database: an administrator cannot POST a membership
 * for a user they cannot see (the user reference must be readable), which is what stops
 * adding strangers by id and so learning their usernames.
 */
export async function joinOrganization(server: LiveServer, orgId: number, userId: number): Promise<number> {
  const db = server.database.db;
  const role = await db.selectFrom('organization_membership_role').select('id').where('name', '=', 'member').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('organization_membership')
    .values({ user: userId, is_member_of__organization: orgId, organization_membership_role: role.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}
