import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSidecarLink } from './sidecar.ts';
import { supervisorForwarder } from './supervisor-forwarder.ts';
import { FakeLinkApi } from './testing/fake-link-api.ts';

/** A local HTTP server stands in for balena-supervisor's API; the forwarder must pass requests and replies through unchanged. */

interface Seen {
  method: string;
  path: string;
  apikey: string | null;
  contentType: string | undefined;
  body: string;
}

const SUPERVISOR_KEY = 'supervisor-secret';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function startSupervisor() {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://supervisor');
      seen.push({ method: req.method ?? '', path: url.pathname, apikey: url.searchParams.get('apikey'), contentType: req.headers['content-type'], body });
      if (url.searchParams.get('apikey') !== SUPERVISOR_KEY) return void res.writeHead(401).end('Unauthorized');
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /v1/reboot') return void res.writeHead(202, { 'content-type': 'application/json; charset=utf-8' }).end('{"Data":"OK","Error":null}');
      if (route === 'POST /v1/blink') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('OK');
      if (route === 'POST /v1/update') return void res.writeHead(204).end();
      if (route === 'GET /v1/device') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"Idle","api_port":48484}');
      if (route === 'GET /v2/version') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","version":"17.1.2"}');
      res.writeHead(404, { 'content-type': 'text/html' }).end(`Cannot ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { address, seen };
}

describe('supervisorForwarder', () => {
  it('passes method, JSON body and apikey through, and brings back status and JSON bodies parsed', async () => {
    const { address, seen } = await startSupervisor();
    const forward = supervisorForwarder({ address, apiKey: SUPERVISOR_KEY });
    const reply = await forward({ type: 'request', id: '1', method: 'POST', path: '/v1/reboot', body: { force: true } });
    expect(reply).toEqual({ status: 202, body: { Data: 'OK', Error: null } });
    expect(seen[0]).toEqual({ method: 'POST', path: '/v1/reboot', apikey: SUPERVISOR_KEY, contentType: 'application/json', body: '{"force":true}' });
  });

  it('keeps text replies as text, an empty 204 as "", and sends GET without a body', async () => {
    const { address, seen } = await startSupervisor();
    const forward = supervisorForwarder({ address: `${address}/`, apiKey: SUPERVISOR_KEY });
    expect(await forward({ type: 'request', id: '1', method: 'POST', path: '/v1/blink' })).toEqual({ status: 200, body: 'OK' });
    expect(await forward({ type: 'request', id: '2', method: 'POST', path: '/v1/update', body: { force: false } })).toEqual({ status: 204, body: '' });
    expect(await forward({ type: 'request', id: '3', method: 'GET', path: '/v1/device', body: { ignored: true } })).toEqual({
      status: 200,
      body: { status: 'Idle', api_port: 48484 },
    });
    expect(await forward({ type: 'request', id: '4', method: 'POST', path: '/v1/unknown' })).toEqual({ status: 404, body: 'Cannot POST /v1/unknown' });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/v1/blink', '{}'],
      ['POST', '/v1/update', '{"force":false}'],
      ['GET', '/v1/device', ''],
      ['POST', '/v1/unknown', '{}'],
    ]);
  });

  it('passes the supervisor refusing the key back as its 401', async () => {
    const { address } = await startSupervisor();
    const forward = supervisorForwarder({ address, apiKey: 'wrong' });
    expect(await forward({ type: 'request', id: '1', method: 'POST', path: '/v1/blink' })).toEqual({ status: 401, body: 'Unauthorized' });
  });
});

describe('sidecar link', () => {
  it('says hello as a supervisor with its version and forwards the API requests', async () => {
    const { address } = await startSupervisor();
    const linkApi = await FakeLinkApi.start();
    cleanups.push(() => linkApi.close());
    const sidecar = await startSidecarLink({ apiUrl: linkApi.url, deviceKey: 'dk', supervisor: { address, apiKey: SUPERVISOR_KEY } });
    cleanups.push(() => sidecar.client.stop());
    const link = await linkApi.nextLink();
    expect(link.authorization).toBe('Bearer dk');
    expect(await link.hello).toEqual({ type: 'hello', mode: 'supervisor', supervisorVersion: '17.1.2' });
    expect(await link.request('POST', '/v1/reboot', { force: true })).toMatchObject({ status: 202, body: { Data: 'OK', Error: null } });
  });

  it('answers 500 with the reason when the supervisor cannot be reached', async () => {
    const linkApi = await FakeLinkApi.start();
    cleanups.push(() => linkApi.close());
    // A port nothing listens on: take one and close it.
    const { address } = await startSupervisor();
    await cleanups.pop()?.();
    const sidecar = await startSidecarLink({ apiUrl: linkApi.url, deviceKey: 'dk', supervisor: { address, apiKey: SUPERVISOR_KEY } });
    cleanups.push(() => sidecar.client.stop());
    const link = await linkApi.nextLink();
    expect(await link.hello).toEqual({ type: 'hello', mode: 'supervisor' });
    const reply = await link.request('POST', '/v1/blink', {});
    expect(reply.status).toBe(500);
    expect(reply.body).toMatch(/^supervisor at http:\/\/127\.0\.0\.1:\d+ did not answer/);
  });
});
