import { DEVICE_LIST_DEFAULTS, printDeviceList, runDeviceListBench } from './device-list.bench.ts';
import { TARGET_STATE_DEFAULTS, printTargetState, runTargetStateBench } from './target-state.bench.ts';
import { WRITES_DEFAULTS, printWrites, runWritesBench } from './writes.bench.ts';
import { SUPERVISOR_LINK_DEFAULTS, printSupervisorLink, runSupervisorLinkBench } from './supervisor-link.bench.ts';
import { DEVICE_LINKS_IDLE_DEFAULTS, printDeviceLinksIdle, runDeviceLinksIdleBench } from './device-links-idle.bench.ts';
import { DEVICE_LINKS_FAILOVER_DEFAULTS, printDeviceLinksFailover, runDeviceLinksFailoverBench } from './device-links-failover.bench.ts';
import { readIntOptions } from './lib/args.ts';
import { writeResult } from './lib/report.ts';

/**
 * `npm run bench`: the four API benchmarks with sizes small enough for a 2-core machine
 * (about four minutes), then their tables together. Full sizes: run each file alone
 * (bench/README.md).
 *
 *   npm run bench -- [--devices 50000] [--iterations 30] [--pollers 1000] [--seconds 5] [--writes 200]
 */
const SMALL = { devices: 50_000, iterations: 30, pollers: 1000, seconds: 5, writes: 200 };

const o = readIntOptions(process.argv.slice(2), SMALL);
const started = Date.now();
const deviceList = await runDeviceListBench({ ...DEVICE_LIST_DEFAULTS, devices: o.devices, iterations: o.iterations });
writeResult('device-list', deviceList);
const targetState = await runTargetStateBench({ ...TARGET_STATE_DEFAULTS, devices: o.pollers, seconds: o.seconds });
writeResult('target-state', targetState);
const writes = await runWritesBench({ ...WRITES_DEFAULTS, iterations: o.writes });
writeResult('writes', writes);
const supervisorLink = await runSupervisorLinkBench(SUPERVISOR_LINK_DEFAULTS);
writeResult('supervisor-link', supervisorLink);
// Device links: 1 000 idle links (10 000 alone: bench/README.md); failover needs PostgreSQL and Redis.
const linksIdle = await runDeviceLinksIdleBench({ ...DEVICE_LINKS_IDLE_DEFAULTS, links: 1000, holdSeconds: 22 });
writeResult('device-links-idle', linksIdle);
const linksFailover = process.env.DATABASE_URL && process.env.REDIS_URL ? await runDeviceLinksFailoverBench({ ...DEVICE_LINKS_FAILOVER_DEFAULTS, devices: 1000 }) : null;
if (linksFailover) writeResult('device-links-failover', linksFailover);
printDeviceList(deviceList);
printTargetState(targetState);
printWrites(writes);
printSupervisorLink(supervisorLink);
printDeviceLinksIdle(linksIdle);
if (linksFailover) printDeviceLinksFailover(linksFailover);
else console.log('\ndevice-links-failover skipped: it needs DATABASE_URL and REDIS_URL');
console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s in all; results in bench/results/`);
