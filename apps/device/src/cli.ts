#!/usr/bin/env -S npx tsx
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_DEVICE_TYPE, startFleetSimulator } from './simulator.ts';

/** flotilla-device: argument parsing only; the work is in simulator.ts. */

const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return n;
};

const program = new Command()
  .name('flotilla-device')
  .description('Run simulated devices that register, poll their target state and report like balena-supervisor')
  .option('--api <url>', 'API origin', 'http://127.0.0.1:8080')
  .option('--provisioning-key <key>', 'fleet provisioning key')
  .option('--fleet <id-or-slug>', 'fleet to mint a provisioning key for (with --token)')
  .option('--token <token>', 'user session token or API key (with --fleet)')
  .option('--count <n>', 'number of devices', positiveInt, 1)
  .option('--interval <ms>', 'target-state poll interval in ms (default: follow the server config)', positiveInt)
  .option('--metrics-interval <ms>', 'metrics report interval in ms', positiveInt, 300_000)
  .option('--log-interval <ms>', 'application log line per running service every <ms> (0 = system logs only)', positiveInt, 60_000)
  .option('--update-step <ms>', 'time per simulated download/install step in ms', positiveInt)
  .option('--device-type <slug>', 'device type slug', DEFAULT_DEVICE_TYPE)
  .option('--state-file <path>', 'persist device uuids and keys here so restarts reuse them')
  .option('--quiet', 'do not log device errors');

program.parse();
const o = program.opts<{
  api: string;
  provisioningKey?: string;
  fleet?: string;
  token?: string;
  count: number;
  interval?: number;
  metricsInterval: number;
  updateStep?: number;
  logInterval: number;
  deviceType: string;
  stateFile?: string;
  quiet?: boolean;
}>();

if (!o.provisioningKey && !(o.fleet && o.token) && !o.stateFile) {
  program.error('give --provisioning-key, or --fleet with --token (or a --state-file of registered devices)');
}

const sim = await startFleetSimulator({
  apiUrl: o.api,
  provisioningKey: o.provisioningKey,
  fleet: o.fleet,
  userToken: o.token,
  count: o.count,
  intervalMs: o.interval,
  metricsIntervalMs: o.metricsInterval,
  updateStepMs: o.updateStep,
  appLogIntervalMs: o.logInterval,
  deviceType: o.deviceType,
  stateFile: o.stateFile,
  log: o.quiet ? undefined : (m) => console.error(m),
});
console.log(`flotilla-device: ${sim.devices.length} device(s) against ${o.api}`);

const shutdown = async (signal: string) => {
  console.log(`flotilla-device: ${signal}, stopping`);
  await sim.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
