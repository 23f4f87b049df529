// A caller without a credential gets at most a small body read (anonymous-body-limit.ts): on a
// route that needs a credential a larger one is the 401 the route would give, on a public route
// a 413, both answered before the body is read. Over a real socket, so what the server read is
// the socket's own count: before this, a 10 MiB anonymous JSON body was read and parsed whole
// before the 401.
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { signUp, type TestUser } from '../auth/test-helpers.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { createFleetWithProvisioningKey, newDeviceUuid } from '../devices/device-test-factories.ts';
import { ANONYMOUS_BODY_LIMIT, ANONYMOUS_BODY_TOO_LARGE } from './anonymous-body-limit.ts';

const TEN_MIB = 10 * 1024 * 1024;
/** Well under what was sent: what the kernel had buffered when the answer went out, not the body. */
const READ_AT_MOST = 1024 * 1024;

let ctx: TestContext;
let port: number;
let user: TestUser;
/** The server's end of each connection, by the client's port. */
const serverSockets = new Map<number, Socket>();

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.server.on('connection', (socket: Socket) => serverSockets.set(socket.remotePort ?? 0, socket));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
});

interface Sent {
  status: number;
  text: string;
  /** Bytes the server read from the connection (request line, headers and body). */
  serverRead: number;
}

/**
 * Sends a JSON body of `size` bytes (`{"pad":"      …"}`) with a declared length, or chunked,
 * and waits for the answer; write errors after the server closed are expected and ignored.
 */
function send(method: string, path: string, size: number, { headers = {}, chunked = false, contentType = 'application/json' } = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let settled = false;
    let localPort = -1;
    socket.once('connect', () => (localPort = socket.localPort ?? -1));
    const finish = () => {
      if (settled) return;
      settled = true;
      const server = serverSockets.get(localPort);
      socket.destroy();
      const [head = '', text = ''] = response.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!server || !status) return reject(new Error(`no answer: ${JSON.stringify(response.slice(0, 200))}`));
      resolve({ status, text, serverRead: server.bytesRead });
    };
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString('latin1');
      // The answers here are small and whole once their body's declared length is in.
      const [head, body] = response.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN);
      if (body !== undefined && body.length >= length) setTimeout(finish, 50);
    });
    socket.on('error', () => {});
    socket.on('close', () => setTimeout(finish, 50));
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    const framing = chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${size}\r\n`;
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n${framing}${extra}\r\n`);
    const head = Buffer.from('{"pad":"');
    const tail = Buffer.from('"}');
    const filler = Buffer.alloc(64 * 1024, 0x20);
    let left = size - head.length - tail.length;
    const frame = (part: Buffer) => (chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part);
    const pump = () => {
      while (left > 0 && !socket.destroyed) {
        const part = filler.subarray(0, Math.min(filler.length, left));
        left -= part.length;
        if (!socket.write(frame(part))) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.write(Buffer.concat([frame(tail), chunked ? Buffer.from('0\r\n\r\n') : Buffer.alloc(0)]));
    };
    socket.write(frame(head));
    pump();
  });
}

describe('an anonymous 10 MiB body', () => {
  it.each([
    ['POST', '/v7/device'],
    ['PATCH', '/v7/application(1)'],
    ['POST', '/api-key/v2/'],
    ['PATCH', '/user/profile'],
    ['POST', '/user/v1/refresh-token'],
  ])('%s %s (needs a credential) is a 401 answered before the body is read', async (method, path) => {
    const res = await send(method, path, TEN_MIB);
    expect(res.status, res.text).toBe(401);
    expect(JSON.parse(res.text)).toEqual({ error: AUTH_MESSAGES.notLoggedIn });
    expect(res.serverRead).toBeLessThan(READ_AT_MOST);
  });

  it.each(['/login_', '/user/register', '/user/v1/password-reset/request'])('POST %s (public) is a 413 answered before the body is read', async (path) => {
    const res = await send('POST', path, TEN_MIB);
    expect(res.status, res.text).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ error: ANONYMOUS_BODY_TOO_LARGE, code: 'anonymous_body_too_large' });
    expect(res.serverRead).toBeLessThan(READ_AT_MOST);
  });

  it('with a credential a public route ignores (a bad one) is anonymous too', async () => {
    const res = await send('POST', '/login_', TEN_MIB, { headers: { authorization: 'Bearer not-a-key' } });
    expect(res.status, res.text).toBe(413);
    expect(res.serverRead).toBeLessThan(READ_AT_MOST);
  });
});

describe('a chunked anonymous body (no length to check first)', () => {
  it('is cut off once it passes the limit: 413 on a public route, 401 on one that needs a credential', async () => {
    const size = 4 * ANONYMOUS_BODY_LIMIT;
    const open = await send('POST', '/login_', size, { chunked: true });
    expect(open.status, open.text).toBe(413);
    expect(open.serverRead).toBeLessThan(size);
    const closed = await send('POST', '/v7/device', size, { chunked: true });
    expect(closed.status, closed.text).toBe(401);
    expect(closed.serverRead).toBeLessThan(size);
  });
});

describe('what still reads a body', () => {
  it('an anonymous body within the limit reaches the route (sign-in answers on the credentials)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
    expect(res.statusCode, res.body).toBe(200);
    const small = await send('POST', '/login_', ANONYMOUS_BODY_LIMIT);
    expect(small.status, small.text).toBe(400); // read and parsed: the pad is not a sign-in body
    expect(small.serverRead).toBeGreaterThan(ANONYMOUS_BODY_LIMIT);
  });

  it('a signed-in caller keeps the server-wide limit: a 1 MiB body is read and validated', async () => {
    const res = await send('PATCH', '/user/profile', 1024 * 1024, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status, res.text).toBe(400);
    expect(JSON.parse(res.text).error).toMatch(/pad/);
    expect(res.serverRead).toBeGreaterThan(1024 * 1024);
  });

  it('a device registering with a provisioning key in the Authorization header is not anonymous', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const body = JSON.stringify({ user: 1, application: fleet.applicationId, uuid: newDeviceUuid(), device_type: 'raspberrypi4-64', api_key: 'k'.repeat(32), note: ' '.repeat(2 * ANONYMOUS_BODY_LIMIT) });
    const res = await ctx.app.inject({ method: 'POST', url: '/device/register', headers: { authorization: `Bearer ${fleet.provisioningKey}`, 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode, res.body).not.toBe(401);
    expect(res.statusCode, res.body).not.toBe(413);
  });

  it("the identity provider's SAML form post keeps its own limit (4 MiB)", async () => {
    const res = await send('POST', '/saml/callback/signon', 512 * 1024, { contentType: 'application/x-www-form-urlencoded' });
    // The whole form was read; an unknown RelayState sends the browser to the failure page.
    expect(res.status, res.text).not.toBe(413);
    expect(res.serverRead).toBeGreaterThan(512 * 1024);
  });
});
