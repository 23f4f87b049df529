import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regexPatternProblem } from '@flotilla/core/regex-pattern';
import { bearer, createDevice, createFleet, grantFleetRole, signUp, type TestFleet, type TestUser } from '../auth/test-helpers.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { ODATA_LIMITS } from './limits.ts';
import { wire } from './test-wire.ts';

/**
 * OData 4.01 matchesPattern(field,'pattern') over HTTP on the real model (PGlite, and
 * PostgreSQL with DATABASE_URL): PostgreSQL `~`, case-sensitive unless `(?i)`, NULL kept by
 * `not`, and every pattern it cannot or may not run refused with a 400 that says why.
 */
let t: TestContext;
let user: TestUser;
let fleet: TestFleet;
const names: Record<string, { name: string; note: string | null }> = {
  a: { name: 'pump-01', note: 'north' },
  b: { name: 'pump-02', note: null },
  c: { name: 'Pump-03', note: 'south' },
  d: { name: 'valve-7', note: null },
};
const idOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
  fleet = await createFleet(t.database.db);
  await grantFleetRole(t.database.db, user.email, fleet, 'developer');
  for (const [key, { name, note }] of Object.entries(names)) {
    const device = await createDevice(t.database.db, fleet);
    await sql`UPDATE device SET device_name = ${name}, note = ${note} WHERE id = ${device.id}`.execute(t.database.db);
    idOf[key] = device.id;
  }
});
afterAll(() => t.close());

const get = (filter: string) =>
  t.app.inject({
    method: 'GET',
    url: wire(`/v7/device?$select=id&$orderby=id asc&$filter=belongs_to__application eq ${fleet.applicationId} and (${filter})`),
    headers: bearer(user.token),
  });
const keys = async (filter: string) => {
  const res = await get(filter);
  expect(res.statusCode, res.body).toBe(200);
  const ids = (res.json() as { d: { id: number }[] }).d.map((r) => r.id);
  return Object.keys(idOf).filter((k) => ids.includes(idOf[k] as number));
};
const refusal = async (filter: string) => {
  const res = await get(filter);
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as { error: string; code?: string };
};

describe('matchesPattern over HTTP', () => {
  it('is PostgreSQL ~ : a regular expression, case-sensitive, (?i) for case-insensitive', async () => {
    expect(await keys("matchesPattern(device_name,'^pump-0[12]$')")).toEqual(['a', 'b']);
    expect(await keys("matchesPattern(device_name,'^pump')")).toEqual(['a', 'b']);
    expect(await keys("matchesPattern(device_name,'(?i)^pump')")).toEqual(['a', 'b', 'c']);
    expect(await keys("matchesPattern(device_name,'\\d$')")).toEqual(['a', 'b', 'c', 'd']);
    expect(await keys("matchesPattern(device_name,'it''s')")).toEqual([]);
  });

  it('"does not match" keeps the rows whose field is empty, like "does not contain"', async () => {
    expect(await keys("matchesPattern(note,'^no')")).toEqual(['a']);
    expect(await keys("not matchesPattern(note,'^no')")).toEqual(['b', 'c', 'd']);
    expect(await keys("not contains(note,'no')")).toEqual(['b', 'c', 'd']);
  });

  it('nests in not, and, or like any other condition, with the parentheses pinejs-client-core writes', async () => {
    expect(await keys("not(matchesPattern(device_name,'^pump'))")).toEqual(['c', 'd']);
    expect(await keys("matchesPattern(device_name,'^pump') and not(matchesPattern(device_name,'2$'))")).toEqual(['a']);
    expect(await keys("matchesPattern(device_name,'^valve') or matchesPattern(device_name,'3$')")).toEqual(['c', 'd']);
    expect(await keys("(matchesPattern((device_name),('^pump-0(1|3)$')))")).toEqual(['a']);
    expect(await keys("matchesPattern(tolower(device_name),'^pump-03$')")).toEqual(['c']);
  });

  it('counts with the same filter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: wire(`/v7/device/$count?$filter=belongs_to__application eq ${fleet.applicationId} and matchesPattern(device_name,'^pump')`),
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.body.replace(/\D/g, '')) || (res.json() as { d?: number }).d).toBe(2);
  });

  it('refuses an invalid pattern with a 400 that names it, never a 500', async () => {
    for (const bad of ['(', 'a{2,1}', '[z-a]', 'a(?i)b', 'a\\']) {
      const body = await refusal(`matchesPattern(device_name,'${bad}')`);
      expect(body.code, bad).toBe('invalid_pattern');
      expect(body.error, bad).toMatch(/^Invalid regular expression: /);
    }
  });

  it('refuses, before running it, a pattern whose repetitions written out exceed the limit', async () => {
    // 13 characters, 65,025 written out: PostgreSQL would not finish it in minutes.
    const body = await refusal("matchesPattern(device_name,'(a{255}){255}')");
    expect(body.code).toBe('query_too_complex');
    expect(body.error).toContain(`longer than ${ODATA_LIMITS.maxPatternExpansion} characters`);
    expect(await keys("matchesPattern(device_name,'^(pump-0[1-3]){1,31}$')")).toEqual(['a', 'b']);
  });

  it(`refuses a pattern longer than ${ODATA_LIMITS.maxPatternLength} characters, and allows that many`, async () => {
    const max = ODATA_LIMITS.maxPatternLength;
    const longest = `^pum${'.?'.repeat((max - 4) / 2)}`;
    expect(longest).toHaveLength(max);
    expect(await keys(`matchesPattern(device_name,'${longest}')`)).toEqual(['a', 'b', 'c'].slice(0, 2));
    const body = await refusal(`matchesPattern(device_name,'${'x'.repeat(max + 1)}')`);
    expect(body.code).toBe('query_too_complex');
    expect(body.error).toContain(`longer than ${max} characters`);
  });

  it('refuses back-references, which make the regex engine exponential, even nested in not and and', async () => {
    for (const filter of ["matchesPattern(device_name,'(a)\\1')", "not matchesPattern(device_name,'(p)\\1')", "id gt 0 and not(matchesPattern(device_name,'(a*)*\\2'))"]) {
      const body = await refusal(filter);
      expect(body.code, filter).toBe('invalid_pattern');
      expect(body.error, filter).toContain('back-references');
    }
    expect(await keys("matchesPattern(device_name,'\\\\1')")).toEqual([]); // an escaped backslash, then "1"
  });

  it('refuses a pattern that is not a text literal, an empty one, and flavour switches', async () => {
    expect((await refusal('matchesPattern(device_name,device_name)')).error).toContain('must be a text literal');
    expect((await refusal("matchesPattern(device_name,concat('a','b'))")).error).toContain('must be a text literal');
    expect((await refusal("matchesPattern(device_name,'')")).error).toContain('non-empty');
    expect((await refusal("matchesPattern(device_name,'(?b)a')")).code).toBe('invalid_pattern');
    expect((await refusal("matchesPattern(device_name,'***=a')")).code).toBe('invalid_pattern');
    expect((await refusal("matchesPattern(device_name,'a','b')")).error).toMatch(/Could not parse/);
  });

  it('runs every pattern the dashboard accepts (regexPatternProblem) without an error', async () => {
    const alphabet = fc.constantFrom(...'ab-().*+?|[]^$\\{}12,dws:=!<>'.split(''));
    const samples = fc.sample(fc.string({ unit: alphabet, minLength: 1, maxLength: 12 }), { numRuns: 8000, seed: 7 });
    const accepted = [...new Set(samples)].filter((p) => regexPatternProblem(p) === null).slice(0, 300);
    const fixed = ['a{2,}', 'a{,2}', 'a{', 'x{255}', '[]', '[a-]', '[^]a]', '(?=a)b', '(?<=a)b', '(?<!a)b', '(?i)\\w+', '\\s*\\S', '[.]', 'a|', '()', '^*'];
    expect(accepted.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const p of [...fixed.filter((x) => regexPatternProblem(x) === null), ...accepted]) {
      const res = await get(`matchesPattern(device_name,'${p.replace(/'/g, "''")}')`);
      if (res.statusCode !== 200) failures.push(`${p} → ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});
