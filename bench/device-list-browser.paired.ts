// Two dashboard builds side by side (bench/README.md "device-list-browser", "Cheaper rows"): one stack
// each with the same seed, one browser, loads alternating, so a busy machine slows both alike.
//   E2E_WEB_DIST=<b> npx tsx bench/device-list-browser.paired.ts <dist A> <dist B> [iterations] [devices]
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startStack, type Stack } from '../e2e/support/stack.ts';
import { seedFleetDevices } from './device-list.seed.ts';
import { summarize } from './lib/stats.ts';

const [distA, distB, itersArg, devArg] = process.argv.slice(2);
const iterations = Number(itersArg ?? 15);
const devices = Number(devArg ?? 100000);
const RENDERED = ['tbody tr[aria-rowindex="2"]', '[data-testid="list-total"]'] as const;

async function navigate(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const h = await page.waitForFunction(([a, b]) => {
    const g = globalThis as unknown as { document: { querySelector(s: string): unknown }; performance: { now(): number } };
    return g.document.querySelector(a) !== null && g.document.querySelector(b) !== null && g.performance.now();
  }, RENDERED, { polling: 'raf', timeout: 60_000 });
  const ms = Number(await h.jsonValue());
  await page.close();
  return ms;
}
async function ctx(browser: Browser, token: string) {
  const c = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await c.addInitScript({ content: `localStorage.setItem('flotilla.token', ${JSON.stringify(token)}); localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  return c;
}
async function setUp(stack: Stack) {
  const reg = await stack.api('POST', '/user/register', undefined, { email: 'bench-browser@example.com', password: 'a long enough password', 'g-recaptcha-response': 'dummy' });
  const token = reg.text;
  const orgs = await stack.api('GET', '/v7/organization?$select=id', token);
  const types = await stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", token);
  const app = await stack.api('POST', '/v7/application', token, { app_name: 'bench-fleet', organization: orgs.json<{ d: Array<{ id: number }> }>().d[0]!.id, is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id, is_of__class: 'fleet' });
  const fleetId = app.json<{ id: number }>().id;
  await seedFleetDevices(stack.app.db, fleetId, devices, 'bench');
  return { token, url: `${stack.url}/fleets/${fleetId}/devices` };
}
const stacks = [await startStack({ webDist: distA }), await startStack({ webDist: distB })];
const sides = [await setUp(stacks[0]!), await setUp(stacks[1]!)];
const browser = await launchBrowser();
const warm = [await ctx(browser, sides[0]!.token), await ctx(browser, sides[1]!.token)];
const res = { warm: [[], []] as number[][], cold: [[], []] as number[][] };
for (let i = 0; i < iterations + 2; i++) {
  const order = i % 2 === 0 ? [0, 1] : [1, 0];
  for (const s of order) {
    const w = await navigate(warm[s]!, sides[s]!.url);
    const c0 = await ctx(browser, sides[s]!.token);
    const c = await navigate(c0, sides[s]!.url);
    await c0.close();
    if (i >= 2) { res.warm[s]!.push(w); res.cold[s]!.push(c); }
  }
  console.log(`round ${i}: A warm ${res.warm[0]!.at(-1)?.toFixed(0)} B warm ${res.warm[1]!.at(-1)?.toFixed(0)} A cold ${res.cold[0]!.at(-1)?.toFixed(0)} B cold ${res.cold[1]!.at(-1)?.toFixed(0)}`);
}
for (const k of ['warm', 'cold'] as const) {
  const a = summarize(res[k][0]!), b = summarize(res[k][1]!);
  const diffs = res[k][0]!.map((x, i) => x - res[k][1]![i]!).sort((x, y) => x - y);
  const wins = diffs.filter((d) => d > 0).length;
  console.log(`${k}: A p50 ${a.medianMs.toFixed(0)} p95 ${a.p95Ms.toFixed(0)} min ${a.minMs.toFixed(0)} | B p50 ${b.medianMs.toFixed(0)} p95 ${b.p95Ms.toFixed(0)} min ${b.minMs.toFixed(0)} | B faster by median ${diffs[Math.floor(diffs.length / 2)]!.toFixed(0)} ms (${wins}/${diffs.length} pairs)`);
}
await browser.close();
for (const s of stacks) await s.close();
