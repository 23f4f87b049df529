// HTTPS served directly (TLS_CERT/TLS_KEY, docs/real-devices.md): the server as operators start it,
// with a self-signed certificate, answers https, streams a supervisor's gzip NDJSON log upload
// over it (the supervisor's streamer is https-only, compat §5.5), upgrades websockets as wss, and
// tells devices to trust the certificate through config.json's balenaRootCA.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@flotilla/core/device-link';
import { startServer, type RunningServer } from './server.ts';
import { createFleetWithProvisioningKey } from './devices/device-test-factories.ts';
import { openLogStream, registerDevice } from './device-logs/log-test-helpers.ts';
import { makeTlsFixture, type TlsFixture } from './test/tls-fixture.ts';
import { rawRequest } from './test/raw-request.ts';
import { until } from './test/until.ts';

let tls: TlsFixture;
let server: RunningServer;
let base: string;
const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-tls-server-'));

beforeAll(async () => {
  tls = makeTlsFixture();
  server = await startServer({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST: join(dataDir, 'no-build'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://localhost',
    TLS_CERT: tls.certPath,
    TLS_KEY: tls.keyPath,
  });
  const address = server.app.server.address();
  base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  tls?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('TLS_CERT / TLS_KEY', () => {
  it('answers https with the certificate, and HSTS because PUBLIC_URL is https', async () => {
    const res = await rawRequest(`${base}/ping`, { tls: tls.client });
    expect(res.status).toBe(200);
    expect(res.text).toBe('OK');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    // A client that does not trust the certificate is refused by TLS itself.
    await expect(rawRequest(`${base}/ping`)).rejects.toThrow(/self[- ]signed|certificate/i);
    // And plain http on the same port is not served.
    await expect(rawRequest(`${base.replace('https:', 'http:')}/ping`)).rejects.toThrow();
  });

  it("takes a supervisor's long-lived gzip NDJSON log stream over https", async () => {
    const fleet = await createFleetWithProvisioningKey(server.database.db);
    const device = await registerDevice(server.app, fleet);
    const stream = openLogStream(base, device.uuid, device.apiKey, { tls: tls.client, headers: { 'user-agent': 'Supervisor/19.0.5 (Linux; balenaOS 6.0.0; prod)' } });
    let answered = false;
    void stream.response.then(() => (answered = true), () => undefined);
    const now = Date.now();
    await stream.write([{ message: 'over https', timestamp: now, isSystem: true }]);
    await stream.write([{ message: 'second line', timestamp: now + 1, serviceId: 1, isStdErr: false }]);
    // Stored while the upload is still open, and nothing answered yet (an early answer is an error to the supervisor).
    const read = () => rawRequest(`${base}/device/v2/${device.uuid}/logs`, { tls: tls.client, headers: { authorization: `Bearer ${device.apiKey}` } });
    await until('two stored lines', async () => (await read()).json<unknown[]>().length, (n) => n === 2);
    expect(answered).toBe(false);
    const done = await stream.end();
    expect(done.status).toBeGreaterThanOrEqual(200);
    expect(done.status).toBeLessThan(300);
    expect((await read()).json<{ message: string }[]>().map((l) => l.message)).toEqual(['over https', 'second line']);
  });

  it('upgrades the device link as wss', async () => {
    const fleet = await createFleetWithProvisioningKey(server.database.db);
    const device = await registerDevice(server.app, fleet);
    const socket = new WebSocket(`${base.replace('https:', 'wss:')}${DEVICE_LINK_PATH}`, { headers: { authorization: `Bearer ${device.apiKey}` }, ...tls.client });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    // The link is recorded: the device shows as connected.
    await until(
      'the link recorded',
      async () => (await server.database.db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', device.id).executeTakeFirstOrThrow()).is_connected_to_vpn,
      (linked) => linked === true,
    );
    socket.close();
  });

  it('writes the self-signed certificate into config.json as balenaRootCA', () => {
    expect(server.app.config.deviceRootCaPem).toBe(tls.certPem);
  });
});
