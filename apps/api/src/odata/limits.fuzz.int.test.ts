import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createDevice, createFleet, grantFleetRole, signUp } from '../auth/test-helpers.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { ODATA_LIMITS } from './limits.ts';

/**
 * Fuzz (issue 8 "Bounded cost"): nested $expand, any()/all() lambdas and navigation paths,
 * function calls and wide filters of random depth, over HTTP on the real model. Every answer
 * is 200 or 400 (400 exactly when a limit is passed), each within a time budget, while a
 * concurrent `/ping` keeps answering: on PGlite a statement blocks the event loop, so the
 * ping's latency is the longest statement.
 */
const REQUEST_BUDGET_MS = 3000;
const PING_BUDGET_MS = 3000;

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t.app);
  token = user.token;
  for (let f = 0; f < 2; f++) {
    const fleet = await createFleet(t.database.db);
    await grantFleetRole(t.database.db, user.email, fleet, 'developer');
    for (let d = 0; d < 4; d++) await createDevice(t.database.db, fleet);
  }
}, 120_000);
afterAll(() => t.close());

interface Case {
  url: string;
  /** 400 when a limit is passed (checked before compiling); undefined when 200 and 400 are both right. */
  expected?: 200 | 400;
  anonymous: boolean;
}

/** Cycles of the model: fleets ↔ devices (signed in), CPU architectures ↔ device types (anonymous). */
const cycle = (onFleets: boolean) => ({
  root: onFleets ? 'application' : 'cpu_architecture',
  nav: (level: number) => (onFleets ? (level % 2 ? 'owns__device' : 'belongs_to__application') : level % 2 ? 'is_supported_by__device_type' : 'is_of__cpu_architecture'),
});
const over = (value: number, max: number) => value > max;

const expandFor = (onFleets: boolean) =>
  fc.record({ depth: fc.integer({ min: 1, max: 12 }), filtered: fc.boolean(), top: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) }).map(({ depth, filtered, top }): Case => {
    const { root, nav } = cycle(onFleets);
    let s = '';
    for (let i = depth; i >= 1; i--) {
      const opts = ['$select=id', filtered ? '$filter=id gt 0' : '', top === undefined ? '' : `$top=${top}`, s ? `$expand=${s}` : ''].filter(Boolean).join(';');
      s = `${nav(i)}(${opts})`;
    }
    // Every level is valid, so within the limits the answer must be 200. The third level goes
    // back to many rows of the first one's resource (fleets → devices → fleet → devices), which
    // odata/navigation-rules.ts refuses unless capped by $top, and then only once (the fifth
    // level is a second return).
    const refused = over(depth, ODATA_LIMITS.maxExpandDepth) || (depth >= 3 && (top === undefined || depth >= 5));
    return { url: `/v7/${root}?$select=id&$expand=${s}`, expected: refused ? 400 : 200, anonymous: !onFleets };
  });

/** Each level is an any()/all() lambda or a plain navigation step: both nest a sub-select. */
const lambdaFor = (onFleets: boolean) =>
  fc.array(fc.constantFrom('any', 'all', 'path'), { minLength: 1, maxLength: 12 }).map((steps): Case => {
    const { root, nav } = cycle(onFleets);
    const build = (level: number, prefix: string): string => {
      const step = steps[level - 1];
      if (step === undefined) return `${prefix}id gt 0`;
      if (step === 'path') return build(level + 1, `${prefix}${nav(level)}/`);
      return `${prefix}${nav(level)}/${step}(x${level}:${build(level + 1, `x${level}/`)})`;
    };
    // Path steps through many-valued navigations are refused by the compiler (use any()),
    // so within the limit 200 and 400 are both right; past it the limit answers first.
    return { url: `/v7/${root}?$select=id&$filter=${build(1, '')}`, expected: over(steps.length, ODATA_LIMITS.maxLambdaDepth) ? 400 : undefined, anonymous: !onFleets };
  });

const textLiteral = fc.string({ maxLength: 1500, unit: fc.constantFrom('a', 'b', ' ', "''", '%', 'é') });
const functionCase = fc
  .record({
    calls: fc.array(fc.tuple(fc.constantFrom('tolower', 'toupper', 'trim', 'replace', 'concat', 'substring'), fc.constantFrom('a', 'b', ' ', 'ab', ''), textLiteral), { minLength: 1, maxLength: 6 }),
    anonymous: fc.boolean(),
  })
  .map(({ calls, anonymous }): Case => {
    let s = anonymous ? 'slug' : 'device_name';
    for (const [fn, pattern, literal] of calls) {
      if (fn === 'replace') s = `replace(${s},'${pattern}','${literal}')`;
      else if (fn === 'concat') s = `concat(${s},'${literal}')`;
      else if (fn === 'substring') s = `substring(${s},1)`;
      else s = `${fn}(${s})`;
    }
    // length() wraps the chain. Within the limit a value may still grow too much (400).
    const depth = calls.length + 1;
    return { url: `/v7/${anonymous ? 'device_type' : 'device'}?$select=id&$filter=length(${s}) gt 0`, expected: over(depth, ODATA_LIMITS.maxFunctionDepth) ? 400 : undefined, anonymous };
  });

const wideCase = fc.record({ terms: fc.integer({ min: 1, max: 150 }), op: fc.constantFrom('and', 'or') }).map(
  ({ terms, op }): Case => ({
    url: `/v7/device_type?$select=id&$filter=${Array.from({ length: terms }, (_, i) => `id ne ${i}`).join(` ${op} `)}`,
    expected: over(terms * 3 + (terms > 1 ? 1 : 0), ODATA_LIMITS.maxQueryNodes) ? 400 : 200,
    anonymous: true,
  }),
);

/** A nested filter and a nested expansion in one request: the limits hold per dimension. */
const mixedCase = fc.boolean().chain((onFleets) =>
  fc.tuple(expandFor(onFleets), lambdaFor(onFleets)).map(([e, l]): Case => ({
    url: `${l.url}&$expand=${e.url.split('$expand=')[1] as string}`,
    expected: e.expected === 400 || l.expected === 400 ? 400 : undefined,
    anonymous: !onFleets,
  })),
);

async function pingWhile<T>(work: () => Promise<T>): Promise<{ result: T; pings: number[] }> {
  const pings: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/ping' });
      expect(res.statusCode).toBe(200);
      pings.push(Date.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work(), pings };
  } finally {
    running = false;
    await loop;
  }
}

describe('fuzz: nested constructs of random depth are answered 200 or 400, in bounded time', () => {
  it('every answer within budget, 400 exactly past a limit, /ping answering throughout', async () => {
    const slowest = { ms: 0, url: '' };
    const statuses = { 200: 0, 400: 0 };
    const { pings } = await pingWhile(() =>
      fc.assert(
        fc.asyncProperty(fc.oneof(expandFor(true), expandFor(false), lambdaFor(true), lambdaFor(false), functionCase, wideCase, mixedCase), async (c) => {
          const url = encodeURI(c.url).replace(/'/g, '%27');
          const started = Date.now();
          const res = await t.app.inject({ method: 'GET', url, headers: c.anonymous ? {} : bearer(token) });
          const ms = Date.now() - started;
          if (ms > slowest.ms) Object.assign(slowest, { ms, url: c.url });
          expect([200, 400], `${c.url} → ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
          statuses[res.statusCode as 200 | 400] += 1;
          if (c.expected !== undefined) expect(res.statusCode, `${c.url} → ${res.body.slice(0, 300)}`).toBe(c.expected);
          if (res.statusCode === 400) expect(res.json().error).toEqual(expect.any(String));
          else expect(res.json()).toHaveProperty('d');
          expect(ms, c.url).toBeLessThan(REQUEST_BUDGET_MS);
        }),
        { numRuns: 250 },
      ),
    );
    // Both sides of every limit were exercised.
    expect(statuses[200]).toBeGreaterThan(50);
    expect(statuses[400]).toBeGreaterThan(50);
    expect(pings.length).toBeGreaterThan(10);
    expect(Math.max(...pings), `slowest request ${slowest.ms} ms: ${slowest.url}`).toBeLessThan(PING_BUDGET_MS);
  }, 90_000);
});
