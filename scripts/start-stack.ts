// The whole product in one process for `npm start`: API server (serving the dashboard),
// first-start demo data, and simulated devices. Ctrl-C stops everything cleanly.
import { exitOnSignals, startServerOrExit } from '../apps/api/src/server.ts';
import { ensureDemo } from './demo-seed.ts';
import { placeDemoDevices } from './demo-places.ts';
import { startFleetSimulator } from '../apps/device/src/simulator.ts';
import { join } from 'node:path';

// One JSON line per request is the server's default (LOG_LEVEL=info), but here five demo devices
// polling write ~140 a minute, and the banner below (URL, demo password) scrolled out of sight
// within a second. `npm start` is the demo: warnings and errors only, unless LOG_LEVEL says.
if (!process.env.LOG_LEVEL) process.env.LOG_LEVEL = 'warn';
const quietRequests = process.env.LOG_LEVEL === 'warn';

const server = await startServerOrExit();
const demo = await ensureDemo(`http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`, server.dataDir);
const simulator = await startFleetSimulator({
  apiUrl: `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`,
  provisioningKey: demo.provisioningKey,
  count: server.env.DEMO_DEVICES,
  intervalMs: server.env.DEMO_POLL_INTERVAL_MS,
  // Metrics every minute so the demo's bars move while someone watches.
  metricsIntervalMs: 60_000,
  stateFile: join(server.dataDir, 'devices.json'),
  // A fleet as it drifts in the field: OS and supervisor versions differ, a development device
  // allows local mode, an ESR one cannot take a supervisor update (fleets spec §5).
  varied: true,
  // No `registryUrl`, even with REGISTRY_URL set: the demo releases are not pushed (demo-releases.ts
  // records public docker.io references without copying them, so a first start needs no internet),
  // nothing is at their assigned locations, and devices pulling from the registry would never
  // finish downloading. The demo devices simulate their downloads; a release made with
  // `flotilla release create --push` is pullable by real agents started with `--registry`.
});

// Once registered, the demo devices say where they are (demo-places.ts): they all report from
// 127.0.0.1, which no GeoIP lookup can place. In the background: the banner does not wait.
simulator
  .waitUntilProvisioned(Math.max(60_000, server.env.DEMO_DEVICES * 50))
  .then(() => placeDemoDevices(`http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`, simulator.devices.map((d) => d.identity)))
  .catch((err: unknown) => console.warn(`Demo device locations not set: ${err instanceof Error ? err.message : String(err)}`));

console.log(`
  Flotilla is running (${server.database.kind}, data in ${server.dataDir})

    Dashboard:  ${server.url}
    Sign in:    ${demo.email}
    Password:   ${demo.password}${demo.passwordFromEnv ? ' (from DEMO_PASSWORD)' : ''}

  ${simulator.devices.length} simulated devices report to fleet "${demo.fleetSlug}". Ctrl-C stops everything.${quietRequests ? '\n  Request logs: LOG_LEVEL=info npm start' : ''}
`);

// Ctrl-C: devices first, then the server, within SHUTDOWN_TIMEOUT_MS.
exitOnSignals(server, () => simulator.stop());
