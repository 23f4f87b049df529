import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureEarlyRequests, EARLY_REQUEST_TTL_MS, isCapturingRequests, takeEarlyResponse } from './early-requests.ts';

/** A real HTTP server that answers every GET with its path, and remembers what it was sent. */
let server: Server;
let base: string;
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('early requests', () => {
  it('captures nothing outside captureEarlyRequests', () => {
    expect(isCapturingRequests(`${base}/outside`, 'token-a')).toBe(false);
    expect(takeEarlyResponse(`${base}/outside`, 'token-a')).toBeUndefined();
  });

  it('sends each authenticated GET once while capturing, with the headers the app sends, and hands the answer over once', async () => {
    const path = `${base}/v7/device?$top=50`;
    const captured: boolean[] = [];
    captureEarlyRequests(() => {
      captured.push(isCapturingRequests(path, 'token-a'), isCapturingRequests(path, 'token-a'));
    });
    expect(captured).toEqual([true, true]);
    const response = takeEarlyResponse(path, 'token-a');
    expect(response).toBeDefined();
    expect(await (await response!).json()).toEqual({ path: '/v7/device?$top=50' });
    const sent = received.filter((r) => r.url === '/v7/device?$top=50');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe('Bearer token-a');
    expect(sent[0]!.headers['x-balena-client']).toBe('flotilla-dashboard');
    // Taken once: the next call for the same URL fetches itself.
    expect(takeEarlyResponse(path, 'token-a')).toBeUndefined();
  });

  it('does not send what has no token (a write, a call without session), though it still captures it', () => {
    const path = `${base}/v7/no-token`;
    let captured = false;
    captureEarlyRequests(() => {
      captured = isCapturingRequests(path, null);
    });
    expect(captured).toBe(true);
    expect(takeEarlyResponse(path, null)).toBeUndefined();
  });

  it('hands nothing to a caller with another token, or once the answer is too old', () => {
    const other = `${base}/v7/other-token`;
    const old = `${base}/v7/too-old`;
    captureEarlyRequests(() => {
      isCapturingRequests(other, 'token-a');
      isCapturingRequests(old, 'token-a');
    });
    expect(takeEarlyResponse(other, 'token-b')).toBeUndefined();
    expect(takeEarlyResponse(old, 'token-a', Date.now() + EARLY_REQUEST_TTL_MS + 1)).toBeUndefined();
    // Refused answers are dropped, not kept for later.
    expect(takeEarlyResponse(other, 'token-a')).toBeUndefined();
  });

  it('leaves capture mode even when the capturing code throws', () => {
    expect(() =>
      captureEarlyRequests(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(isCapturingRequests(`${base}/after-throw`, 'token-a')).toBe(false);
  });
});
