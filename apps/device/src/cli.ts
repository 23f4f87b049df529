#!/usr/bin/env -S npx tsx
import { Command, InvalidArgumentError } from 'commander';
import { readConfigJson } from './config-json.ts';
import { startSidecarLink } from './link/sidecar.ts';
import { DEFAULT_DEVICE_TYPE, startFleetSimulator } from './simulator.ts';

/** flotilla-device: argument parsing only; the work is in simulator.ts and link/sidecar.ts. */

const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return n;
};

interface SimulatorArgs {
  config?: string;
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
  /** From the config.json only (no flag): the name a newly registered device takes. */
  initialDeviceName?: string;
  stateFile?: string;
  link: boolean;
  rebootTime: number;
  locked: number;
  varied?: boolean;
  undervolted: number;
  registry?: string;
  quiet?: boolean;
}

interface LinkArgs {
  api?: string;
  key?: string;
  supervisor: string;
  supervisorKey?: string;
  realShell?: boolean;
}

const program = new Command()
  .name('flotilla-device')
  .description('Run simulated devices that register, poll their target state and report like balena-supervisor')
  // `link --api …` must reach the subcommand, not the simulator's own --api.
  .enablePositionalOptions()
  .option('--config <path>', "a device's config.json (from the dashboard's Add device dialog or /download-config): API, provisioning key, device type, poll interval")
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
  .option('--no-link', 'do not keep a device link to the API (no remote reboot, identify …)')
  .option('--reboot-time <ms>', 'how long a device rebooted over the link stays offline', positiveInt, 5_000)
  .option('--locked <n>', 'the first <n> devices hold an update lock (actions answer 423 unless forced)', positiveInt, 0)
  .option('--varied', 'vary OS and supervisor versions across the devices')
  .option('--undervolted <n>', 'the last <n> devices report an undervolted power supply', positiveInt, 0)
  .option('--registry <url>', 'registry of release images (e.g. http://127.0.0.1:5000): pull them for real instead of simulating downloads')
  .option('--quiet', 'do not log device errors')
  .action(() => runSimulator(withConfigJson(program.opts<SimulatorArgs>())));

program
  .command('link')
  .description("Run only the device link beside a real balena-supervisor, forwarding the API's requests to it")
  .option('--api <url>', 'API origin (env FLOTILLA_API_URL, else BALENA_API_URL)')
  .option('--key <device-api-key>', 'the device API key (env FLOTILLA_DEVICE_API_KEY, else BALENA_API_KEY)')
  .option('--supervisor <url>', 'supervisor API address (env BALENA_SUPERVISOR_ADDRESS)', process.env.BALENA_SUPERVISOR_ADDRESS ?? 'http://127.0.0.1:48484')
  .option('--supervisor-key <key>', 'supervisor API key (env BALENA_SUPERVISOR_API_KEY)')
  .option('--real-shell', "offer the dashboard's web terminal as a real shell (PTY) on this device; without it terminal sessions are refused")
  .action((o: LinkArgs) => runLink(o));

await program.parseAsync();

/** Options given on the command line win over the config.json's. */
function withConfigJson(o: SimulatorArgs): SimulatorArgs {
  if (!o.config) return o;
  const config = readConfigJson(o.config);
  const isDefault = (name: string) => program.getOptionValueSource(name) === 'default';
  return {
    ...o,
    api: isDefault('api') ? config.apiEndpoint : o.api,
    provisioningKey: o.provisioningKey ?? config.apiKey,
    deviceType: isDefault('deviceType') ? config.deviceType : o.deviceType,
    interval: o.interval ?? config.appUpdatePollInterval,
    initialDeviceName: config.initialDeviceName,
  };
}

async function runSimulator(o: SimulatorArgs): Promise<void> {
  if (!o.provisioningKey && !(o.fleet && o.token) && !o.stateFile) {
    return program.error('give --provisioning-key, or --fleet with --token (or a --state-file of registered devices)');
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
    initialDeviceName: o.initialDeviceName,
    stateFile: o.stateFile,
    link: o.link,
    rebootMs: o.rebootTime,
    lockedDevices: o.locked,
    varied: o.varied,
    undervoltedDevices: o.undervolted,
    registryUrl: o.registry,
    log: o.quiet ? undefined : (m) => console.error(m),
  });
  console.log(`flotilla-device: ${sim.devices.length} device(s) against ${o.api}`);
  onSignal(async (signal) => {
    console.log(`flotilla-device: ${signal}, stopping`);
    await sim.stop();
  });
}

async function runLink(o: LinkArgs): Promise<void> {
  const env = process.env;
  const apiUrl = o.api ?? env.FLOTILLA_API_URL ?? env.BALENA_API_URL;
  const deviceKey = o.key ?? env.FLOTILLA_DEVICE_API_KEY ?? env.BALENA_API_KEY;
  const supervisorKey = o.supervisorKey ?? env.BALENA_SUPERVISOR_API_KEY;
  if (!apiUrl || !deviceKey || !supervisorKey) {
    return program.error('link needs --api, --key and --supervisor-key (or FLOTILLA_API_URL, FLOTILLA_DEVICE_API_KEY, BALENA_SUPERVISOR_API_KEY)');
  }
  const link = await startSidecarLink({
    apiUrl,
    deviceKey,
    supervisor: { address: o.supervisor, apiKey: supervisorKey },
    realShell: o.realShell === true,
    log: (m) => console.error(m),
  });
  console.log(`flotilla-device link: ${o.supervisor} <-> ${apiUrl}`);
  onSignal(async (signal) => {
    console.log(`flotilla-device link: ${signal}, stopping`);
    await link.client.stop();
  });
  const reason = await link.ended;
  // A restart policy brings the sidecar back; a refused key or deleted device needs a person first
  // (a link replaced by another connection is not an end: the client comes back after a back-off).
  console.error(`flotilla-device link: the API ended the link (${reason}); not reconnecting`);
  process.exit(1);
}

function onSignal(stop: (signal: string) => Promise<void>): void {
  const handle = (signal: string) => void stop(signal).then(() => process.exit(0));
  process.once('SIGINT', () => handle('SIGINT'));
  process.once('SIGTERM', () => handle('SIGTERM'));
}
