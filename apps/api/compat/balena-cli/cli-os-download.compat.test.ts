// balena-cli 25 `os download` and balena-sdk `os.download` against the server as `npm start` runs
// it, dashboard included (compat §4: `GET /download?deviceType=&version=` is balena's OS image
// route). Flotilla makes no OS images (docs/real-devices.md), so the clients must report that
// there is no such image. Before, the dashboard's index.html answered `GET /download` with 200,
// and the CLI saved that page as the "OS image" and said it downloaded successfully.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSdk } from 'balena-sdk';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestWebDist, type TestWebDist } from '../../src/web/test-web-dist.ts';
import { balenaCli } from './cli.ts';

let server: RunningServer;
let web: TestWebDist;
beforeAll(async () => {
  // With a dashboard build, as `npm start` serves it: unknown GETs outside the API get index.html.
  web = createTestWebDist();
  server = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'flotilla-cli-os-')),
    WEB_DIST: web.dir,
    LOG_LEVEL: 'silent',
  });
});
afterAll(async () => {
  await server?.stop();
  web?.remove();
});

describe('balena os download', () => {
  it('fails with "No image found" for a published version, and writes no file', async () => {
    const cli = balenaCli(server.url);
    const output = join(cli.dataDir, 'balena.img');
    const result = await cli.run(['os', 'download', 'raspberrypi4-64', '--output', output, '--version', '6.0.13']);
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}\n${result.stderr}`).toMatch(/No image found for device type raspberrypi4-64 and version 6.0.13/);
    expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/downloaded successfully/);
    expect(existsSync(output)).toBe(false);
  });
});

describe('os.download', () => {
  it('rejects with OSImageNotFound; GET /download answers a JSON 404, not the dashboard', async () => {
    const sdk = getSdk({ apiUrl: server.url, dataDirectory: false } as never);
    await expect(sdk.models.os.download({ deviceType: 'raspberrypi4-64', version: '6.0.13' })).rejects.toMatchObject({ name: 'OSImageNotFound' });
    const response = await fetch(`${server.url}/download?deviceType=raspberrypi4-64&version=6.0.13`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    // The dashboard still answers its own pages, and /download-config is still the API's.
    expect((await fetch(`${server.url}/fleets`)).headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${server.url}/download-config`, { method: 'POST' })).status).not.toBe(404);
  });
});
