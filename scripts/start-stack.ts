// The whole product in one process for `npm start`: API server (serving the dashboard),
// first-start demo data, and simulated devices. Ctrl-C stops everything cleanly.
import { startServer } from '../apps/api/src/server.ts';
import { ensureDemo } from './demo-seed.ts';
import { startFleetSimulator } from '../apps/device/src/simulator.ts';
import { join } from 'node:path';

const server = await startServer();
const demo = await ensureDemo(`http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`, server.dataDir);
const simulator = await startFleetSimulator({
  apiUrl: `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`,
  provisioningKey: demo.provisioningKey,
  count: Number(process.env.DEMO_DEVICES ?? 5),
  intervalMs: Number(process.env.DEMO_POLL_INTERVAL_MS ?? 10_000),
  // Metrics every minute so the demo's bars move while someone watches.
  metricsIntervalMs: 60_000,
  stateFile: join(server.dataDir, 'devices.json'),
});

console.log(`
  Flotilla is running (${server.database.kind}, data in ${server.dataDir})

    Dashboard:  ${server.url}
    Sign in:    ${demo.email}
    Password:   ${demo.password}${demo.passwordFromEnv ? ' (from DEMO_PASSWORD)' : ''}

  ${simulator.devices.length} simulated devices report to fleet "${demo.fleetSlug}". Ctrl-C stops everything.
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await simulator.stop();
  await server.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
