import { deepStrictEqual } from 'node:assert/strict';
import type { RawBuilder } from 'kysely';
import type { Db } from '../apps/api/src/db/database.ts';
import { createODataEngine } from '../apps/api/src/odata/engine.ts';
import { compileGet } from '../apps/api/src/odata/compile-query.ts';
import { CompileContext } from '../apps/api/src/odata/context.ts';
import { parseODataUrl } from '../apps/api/src/odata/parse.ts';
import { registry } from '../apps/api/src/model/registry.ts';
import { ceilingCount, ceilingPage } from './device-list.ceiling.ts';
import { seedDeviceList, type DeviceListSeed } from './device-list.seed.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { openBenchDatabase } from './lib/database.ts';
import { explainAnalyze } from './lib/explain.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { elapsedMs, ratio, summarize, timed, type LatencySummary } from './lib/stats.ts';

/**
 * Benchmark 1 (DESIGN.md "Performance"): the dashboard's device-list page of a large fleet,
 * answered by the OData engine as a fleet developer, against a hand-written SQL CEILING run
 * on the same database in the same process. Reported: median and p95 of each, the ratio
 * engine/ceiling, and the engine's own time outside SQL (parse + compile).
 *
 *   npx tsx bench/device-list.bench.ts [--devices 100000] [--iterations 60]
 */
export const DEVICE_LIST_DEFAULTS = {
  /** Devices in the user's fleet. */
  devices: 100_000,
  /** Devices in a second fleet of the same organization the user cannot see (default: devices / 4). */
  otherDevices: -1,
  /** Timed runs per query and side (engine and ceiling alternate). */
  iterations: 60,
  warmup: 5,
  /** Parse+compile repetitions (no database). */
  compileIterations: 500,
  /** 1 = print EXPLAIN ANALYZE even when the ratio is fine. */
  explain: 0,
};
export type DeviceListOptions = typeof DEVICE_LIST_DEFAULTS;

/** Engine/ceiling median above this → EXPLAIN ANALYZE both statements and keep the plans. */
const BAD_RATIO = 3;
const SELECT =
  '$select=id,uuid,device_name,overall_status,api_heartbeat_state,os_version,supervisor_version,ip_address,last_connectivity_event' +
  '&$expand=is_of__device_type($select=slug,name),is_running__release($select=commit,raw_version)';

/** The dashboard's URLs, percent-encoded the way clients send them (spaces as %20). */
export const pageUrl = (fleetId: number, skip: number) =>
  `/device?${SELECT}&$filter=belongs_to__application%20eq%20${fleetId}&$orderby=device_name%20asc&$top=50&$skip=${skip}`;
export const countUrl = (fleetId: number) => `/device/$count?$filter=belongs_to__application%20eq%20${fleetId}`;

interface Case {
  name: string;
  url: string;
  ceiling: RawBuilder<{ d: unknown }>;
}

export interface CaseResult {
  name: string;
  url: string;
  engine: LatencySummary;
  ceiling: LatencySummary;
  ratioMedian: number;
  ratioP95: number;
  /** parse + compile only (no SQL), for the same URL. */
  parseCompile: LatencySummary;
  plans?: { engine: string; ceiling: string };
}

export interface DeviceListResult {
  name: 'device-list';
  options: DeviceListOptions;
  seed: Omit<DeviceListSeed, 'principal'>;
  environment: Record<string, unknown>;
  cases: CaseResult[];
}

function compiledFor(seed: DeviceListSeed, url: string): RawBuilder<unknown> {
  return compileGet(new CompileContext(registry, seed.principal), parseODataUrl(url));
}

function measureParseCompile(db: Db, seed: DeviceListSeed, url: string, iterations: number): LatencySummary {
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    compiledFor(seed, url).compile(db); // Kysely's SQL text generation is part of the engine's cost.
    samples.push(elapsedMs(start));
  }
  return summarize(samples.slice(Math.min(50, Math.floor(iterations / 5)))); // drop JIT warm-up
}

async function measureCase(db: Db, seed: DeviceListSeed, c: Case, o: DeviceListOptions): Promise<CaseResult> {
  const engine = createODataEngine(registry);
  const runEngine = async () => {
    const r = await engine.execute(db, seed.principal, { method: 'GET', url: c.url });
    if (r.status !== 200) throw new Error(`engine answered ${r.status}: ${JSON.stringify(r.body)}`);
    return (r.body as { d: unknown }).d;
  };
  const runCeiling = async () => (await c.ceiling.execute(db)).rows[0]?.d;
  // Same payload, or the ratio would compare different work.
  deepStrictEqual(await runEngine(), await runCeiling(), `${c.name}: engine and ceiling disagree`);
  for (let i = 0; i < o.warmup; i++) {
    await runEngine();
    await runCeiling();
  }
  const e: number[] = [];
  const s: number[] = [];
  // Alternate sides so drift (GC, cache, a noisy neighbour) hits both alike.
  for (let i = 0; i < o.iterations; i++) {
    e.push((await timed(runEngine)).ms);
    s.push((await timed(runCeiling)).ms);
  }
  const result: CaseResult = {
    name: c.name,
    url: c.url,
    engine: summarize(e),
    ceiling: summarize(s),
    ratioMedian: 0,
    ratioP95: 0,
    parseCompile: measureParseCompile(db, seed, c.url, o.compileIterations),
  };
  result.ratioMedian = ratio(result.engine.medianMs, result.ceiling.medianMs);
  result.ratioP95 = ratio(result.engine.p95Ms, result.ceiling.p95Ms);
  if (result.ratioMedian > BAD_RATIO || o.explain) {
    result.plans = { engine: await explainAnalyze(db, compiledFor(seed, c.url)), ceiling: await explainAnalyze(db, c.ceiling) };
  }
  return result;
}

export async function runDeviceListBench(partial: Partial<DeviceListOptions> = {}): Promise<DeviceListResult> {
  const o = { ...DEVICE_LIST_DEFAULTS, ...partial };
  if (o.otherDevices < 0) o.otherDevices = Math.floor(o.devices / 4);
  const { database, drop } = await openBenchDatabase();
  try {
    const db = database.db;
    console.log(`device-list: seeding ${o.devices} + ${o.otherDevices} devices on ${database.kind}…`);
    const seed = await seedDeviceList(db, o.devices, o.otherDevices);
    console.log(`device-list: seeded in ${(seed.seedMs / 1000).toFixed(1)} s; measuring ${o.iterations} runs per query`);
    const uid = seed.principal.userId;
    const mid = Math.max(0, Math.floor(o.devices / 2 / 50) * 50);
    const cases: Case[] = [
      { name: 'page $skip=0', url: pageUrl(seed.fleetId, 0), ceiling: ceilingPage(uid, seed.fleetId, 50, 0) },
      { name: `page $skip=${mid}`, url: pageUrl(seed.fleetId, mid), ceiling: ceilingPage(uid, seed.fleetId, 50, mid) },
      { name: '$count', url: countUrl(seed.fleetId), ceiling: ceilingCount(uid, seed.fleetId) },
    ];
    const results: CaseResult[] = [];
    for (const c of cases) results.push(await measureCase(db, seed, c, o));
    const { principal: _principal, ...seedInfo } = seed;
    return { name: 'device-list', options: o, seed: seedInfo, environment: await environmentInfo(database.kind), cases: results };
  } finally {
    await drop();
  }
}

export function printDeviceList(r: DeviceListResult): void {
  printTable(
    `Device list — ${r.seed.devices} devices (+${r.seed.otherDevices} hidden), ${r.environment.database}, ms`,
    ['query', 'engine p50', 'engine p95', 'ceiling p50', 'ceiling p95', 'ratio p50', 'ratio p95', 'parse+compile p50'],
    r.cases.map((c) => [c.name, c.engine.medianMs, c.engine.p95Ms, c.ceiling.medianMs, c.ceiling.p95Ms, `${c.ratioMedian}×`, `${c.ratioP95}×`, c.parseCompile.medianMs]),
  );
  for (const c of r.cases) {
    if (!c.plans) continue;
    if (r.options.explain) {
      console.log(`\n${c.name} — EXPLAIN ANALYZE (engine)\n${c.plans.engine}\n\n${c.name} — EXPLAIN ANALYZE (ceiling)\n${c.plans.ceiling}`);
      continue;
    }
    // Just the totals here; the whole plans are in the results JSON (or rerun with --explain 1).
    const totals = (plan: string) => plan.split('\n').filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ');
    console.log(`${c.name}: ratio ${c.ratioMedian}× > ${BAD_RATIO}× — engine ${totals(c.plans.engine)}; ceiling ${totals(c.plans.ceiling)}`);
  }
}

if (isMain(import.meta.url)) {
  const result = await runDeviceListBench(readIntOptions(process.argv.slice(2), DEVICE_LIST_DEFAULTS));
  printDeviceList(result);
  console.log(`\nwrote ${writeResult('device-list', result)}`);
}
