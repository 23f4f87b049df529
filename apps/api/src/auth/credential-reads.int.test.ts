import { describe, expect, it } from 'vitest';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { bearer, signUp } from './test-helpers.ts';
import { CredentialReads } from './credential-reads.ts';
import { countedTestApp } from '../test/counted-app.ts';

/**
 * Requests read in one turn share authentication's reads (credential-reads.ts): each must still
 * be answered for its own credential, and nothing may be kept from one request to the next.
 */

const world = countedTestApp();

const whoami = (token: string) => world.ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: bearer(token) });
const keyOwnerReads = (statements: string[]) => statements.filter((s) => s.includes('key_hash = ANY'));
const userReads = (statements: string[]) => statements.filter((s) => /from "user".*id = ANY/s.test(s));

describe('credentials resolved together', () => {
  it('answers every request of a turn for its own session or key, in one read of each kind', async () => {
    const alice = await signUp(world.ctx.app);
    const bob = await signUp(world.ctx.app);
    const rotated = await world.ctx.app.inject({ method: 'POST', url: '/user/v1/logout-others', headers: bearer(bob.token) });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const bobNow = rotated.body;
    const fleet = await createFleetWithProvisioningKey(world.db);
    const device = await registerDevice(world.ctx.app, fleet);
    const { apiKey: userKey, userId: keyUserId } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
    const { apiKey: expiredKey } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
    await world.db.updateTable('api_key').set({ expiry_date: new Date(Date.now() - 1000) }).where('key_hash', '=', hashApiKey(expiredKey)).execute();

    const measured = await world.counter.measure(() =>
      Promise.all([whoami(alice.token), whoami(bob.token), whoami(bobNow), whoami(alice.token), whoami(userKey), whoami(generateApiKeySecret()), whoami(expiredKey), whoami(device.apiKey), whoami(fleet.provisioningKey)]),
    );
    const [a, bobOld, b, aAgain, byKey, unknown, expired, byDevice, byFleet] = measured.result;
    expect(a!.statusCode, a!.body).toBe(200);
    expect(a!.json()).toMatchObject({ actorType: 'user', email: alice.email });
    expect(aAgain!.json()).toEqual(a!.json());
    expect(bobOld!.statusCode, 'a session ended by logout-others stays ended').toBe(401);
    expect(b!.json()).toMatchObject({ actorType: 'user', email: bob.email });
    expect(byKey!.json()).toMatchObject({ actorType: 'user', actorTypeId: keyUserId });
    expect(unknown!.statusCode).toBe(401);
    expect(unknown!.json()).toEqual({ error: 'You have to log in' });
    expect(expired!.statusCode).toBe(401);
    expect(expired!.json()).toEqual({ error: 'The token expired' });
    expect(byDevice!.json()).toMatchObject({ actorType: 'device', uuid: device.uuid });
    expect(byFleet!.json()).toMatchObject({ actorType: 'application' });

    // Nine requests read in one turn: one read of API keys for all. (Session tokens are verified
    // asynchronously, so their users' reads may fall in more than one turn: the next test.)
    expect(keyOwnerReads(measured.statements)).toHaveLength(1);
    expect(userReads(measured.statements).length).toBeGreaterThanOrEqual(1);
  });

  it('reads the users asked for in one turn in one statement, each answer its own, an unknown id none', async () => {
    const reads = new CredentialReads(world.db);
    const [alice, bob] = [await signUp(world.ctx.app), await signUp(world.ctx.app)];
    const ids = await world.db.selectFrom('user').select(['id', 'email']).where('email', 'in', [alice.email, bob.email]).execute();
    const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
    const measured = await world.counter.measure(() => Promise.all([reads.user(idOf(alice.email)), reads.user(idOf(bob.email)), reads.user(idOf(alice.email)), reads.user(2_000_000_000)]));
    expect(measured.result.map((u) => u?.email)).toEqual([alice.email, bob.email, alice.email, undefined]);
    expect(measured.statements).toHaveLength(1);
  });

  it('keeps nothing between requests: a key deleted is refused by the very next request', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const { apiKey } = await createUserWithKey(world.db, fleet.applicationId, 'developer');
    expect((await whoami(apiKey)).statusCode).toBe(200);
    await world.db.deleteFrom('api_key').where('key_hash', '=', hashApiKey(apiKey)).execute();
    expect((await whoami(apiKey)).statusCode).toBe(401);
  });
});
