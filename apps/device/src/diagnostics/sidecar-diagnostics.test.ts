import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DiagnosticResult } from '@flotilla/core/diagnostics';
import { supervisorForwarder } from '../link/supervisor-forwarder.ts';
import { withHostDiagnostics } from './sidecar-diagnostics.ts';

/**
 * Sidecar mode: a local HTTP server stands in for balena-supervisor (and for the API's /ping);
 * the diagnostics paths are answered by the sidecar from this machine and the supervisor's
 * answers, everything else goes to the supervisor unchanged.
 */

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (body: unknown) => JSON.stringify(body);

describe('sidecar diagnostics', () => {
  it("runs the checks on this host with the supervisor's version and containers; other paths reach the supervisor", async () => {
    const paths: string[] = [];
    const supervisor = await listen((req, res) => {
      const path = new URL(req.url ?? '/', 'http://s').pathname;
      paths.push(`${req.method} ${path}`);
      res.setHeader('content-type', 'application/json');
      if (path === '/v2/version') return void res.end(json({ status: 'success', version: '16.4.6' }));
      if (path === '/v2/state/status') return void res.end(json({ status: 'success', containers: [{ serviceName: 'main', status: 'exited' }, { serviceName: 'web', status: 'Running' }] }));
      if (path === '/v1/device') return void res.end(json({ status: 'Idle' }));
      res.statusCode = 404;
      res.end('"Not Found"');
    });
    const api = await listen((_req, res) => void res.end('OK'));
    const handler = withHostDiagnostics(supervisorForwarder({ address: supervisor, apiKey: 'k' }), api);
    const request = (method: 'GET' | 'POST', path: string) => handler({ type: 'request', id: 'x', method, path });

    expect(await request('GET', '/v1/device')).toEqual({ status: 200, body: { status: 'Idle' } });
    expect(await request('POST', '/v1/diagnostics/checks')).toMatchObject({ status: 202, body: { status: 'running' } });
    expect(paths.filter((p) => p.includes('diagnostics'))).toEqual([]);
    await expect.poll(async () => ((await request('GET', '/v1/diagnostics/checks')).body as DiagnosticResult).status, { timeout: 10_000 }).toBe('done');
    const { checks } = (await request('GET', '/v1/diagnostics/checks')).body as DiagnosticResult;
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));
    expect(byName.check_supervisor).toMatchObject({ success: true, status: expect.stringContaining('16.4.6') });
    expect(byName.check_networking).toMatchObject({ success: true });
    expect(byName.check_service_restarts).toMatchObject({ success: false, status: expect.stringContaining('main is exited') });
    // This machine's memory and disk were measured (a percentage in the words).
    expect(byName.check_memory?.status).toMatch(/\d+%/);
    expect(byName.check_localdisk?.status).toMatch(/\d+%/);
  });

  it('fails the supervisor and networking checks when neither answers', async () => {
    const handler = withHostDiagnostics(supervisorForwarder({ address: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 500 }), 'http://127.0.0.1:9');
    await handler({ type: 'request', id: 'x', method: 'POST', path: '/v1/diagnostics/checks' });
    const read = async () => (await handler({ type: 'request', id: 'y', method: 'GET', path: '/v1/diagnostics/checks' })).body as DiagnosticResult;
    await expect.poll(async () => (await read()).status, { timeout: 10_000 }).toBe('done');
    const failed = (await read()).checks.filter((c) => !c.success).map((c) => c.name);
    expect(failed).toEqual(expect.arrayContaining(['check_supervisor', 'check_networking', 'check_container_engine']));
  });
});
