import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createFleet, grantFleetRole, signUp, type TestFleet, type TestUser } from '../auth/test-helpers.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { wire } from './test-wire.ts';

/**
 * A filter that can fail on a row's data (compile-filter.ts `ruleThenFilter`) never runs on
 * rows the caller may not read: whatever another tenant's rows hold, such a probe answers
 * 200 with nothing, exactly as for an id that does not exist. On the caller's own rows the
 * same filter fails as it should (400), so the probes below do reach the data they aim at.
 */
let t: TestContext;
let user: TestUser;
let own: { fleet: TestFleet; variableId: number };
let other: { fleet: TestFleet; variableId: number };

async function fleetWithSecret(value: string): Promise<{ fleet: TestFleet; variableId: number }> {
  const fleet = await createFleet(t.database.db);
  const row = await t.database.db
    .insertInto('application_environment_variable')
    .values({ application: fleet.applicationId, name: 'AWS_KEY', value })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { fleet, variableId: row.id as number };
}

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
  own = await fleetWithSecret('AKIAOWNVALUE');
  other = await fleetWithSecret('AKIASECRETOFANOTHERTENANT');
  await grantFleetRole(t.database.db, user.email, own.fleet, 'developer');
  // Statistics as a busy server has them, so the planner picks its usual plans.
  await sql`ANALYZE application_environment_variable`.execute(t.database.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: wire(url), headers: bearer(user.token) });

describe('filters that can fail on data, over rows the caller may not read', () => {
  const probes: Array<[string, (id: number) => string]> = [
    ['division by zero on the id', (id) => `/v7/application_environment_variable?$select=id&$filter=id eq ${id} and 1 div (id sub ${id}) eq 0`],
    ['division by zero on a prefix of the value', (id) => `/v7/application_environment_variable?$select=id&$filter=id eq ${id} and 1 div indexof(value,'AKIA') eq 0`],
    ['a negative substring length', (id) => `/v7/application_environment_variable?$select=id&$filter=id eq ${id} and substring(value, 0, id sub ${id + 1}) eq 'x'`],
    ['inside a lambda', (id) => `/v7/application?$select=id&$filter=application_environment_variable/any(v:v/id eq ${id} and 1 div (v/id sub ${id}) eq 0)`],
    ['inside an all() lambda', (id) => `/v7/application?$select=id&$filter=application_environment_variable/all(v:v/id ne ${id} or 1 div (v/id sub ${id}) eq 0)`],
    ['in a $count', (id) => `/v7/application_environment_variable/$count?$filter=id eq ${id} and 1 div (id sub ${id}) eq 0`],
  ];

  it.each(probes)('%s: 200 and nothing on another tenant\u2019s row, as on a missing one; 400 on the caller\u2019s own', async (_name, url) => {
    const missing = await get(url(2_000_000_000));
    const foreign = await get(url(other.variableId));
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.body).toBe(missing.body);
    const mine = await get(url(own.variableId));
    expect(mine.statusCode, mine.body).toBe(400);
  });

  it('a PATCH by such a filter changes nothing of another tenant\u2019s and answers as for no row', async () => {
    const patch = (id: number) =>
      t.app.inject({ method: 'PATCH', url: wire(`/v7/application_environment_variable?$filter=id eq ${id} and 1 div (id sub ${id}) eq 0`), headers: bearer(user.token), payload: { value: 'x' } });
    const foreign = await patch(other.variableId);
    const missing = await patch(2_000_000_000);
    expect([foreign.statusCode, foreign.body]).toEqual([missing.statusCode, missing.body]);
    const row = await t.database.db.selectFrom('application_environment_variable').select('value').where('id', '=', other.variableId).executeTakeFirstOrThrow();
    expect(row.value).toBe('AKIASECRETOFANOTHERTENANT');
  });

  it('answers a plain filter on the caller\u2019s own rows as before', async () => {
    const res = await get(`/v7/application_environment_variable?$select=id,value&$filter=id eq ${own.variableId}`);
    expect(res.json()).toEqual({ d: [{ id: own.variableId, value: 'AKIAOWNVALUE' }] });
  });
});
