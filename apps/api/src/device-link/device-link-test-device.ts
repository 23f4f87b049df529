import WebSocket from 'ws';
import { expect } from 'vitest';

/** Polls `check` until it holds (hooks may not use expect.poll). */
export async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
import { apiToDeviceMessage, DEVICE_LINK_PATH, parseLinkFrame, type LinkRequest } from '@flotilla/core/device-link';
import type { FastifyInstance } from 'fastify';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { newDeviceUuid, type TestFleetWithKey } from '../devices/device-test-factories.ts';

/** A registered device of the fleet: its uuid, id and device key. */
export interface TestDevice {
  uuid: string;
  id: number;
  apiKey: string;
}

export async function registerTestDevice(app: FastifyInstance, fleet: TestFleetWithKey): Promise<TestDevice> {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const reg = await app.inject({
    method: 'POST',
    url: '/device/register',
    headers: { authorization: `Bearer ${fleet.provisioningKey}` },
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  return { uuid, apiKey, id: reg.json<{ id: number }>().id };
}

/** The device's reply to a request, or null to take it and stay silent (a hung supervisor). */
export type Answer = (request: LinkRequest) => { status: number; body?: unknown } | null;

/**
 * The device end of a link, played by the test with a real WebSocket client: it records the
 * requests it gets and answers each with `answer`.
 */
export class TestLink {
  readonly requests: LinkRequest[] = [];
  /** How the link ended: its close code, or the HTTP status that refused the upgrade. */
  readonly closed: Promise<{ code: number; reason: string } | { refusedWith: number }>;
  readonly socket: WebSocket;

  private constructor(socket: WebSocket, answer: Answer) {
    this.socket = socket;
    // A refused upgrade also emits an error; the outcome is read from `closed`.
    socket.on('error', () => undefined);
    this.closed = new Promise((done) => {
      socket.once('close', (code, reason) => done({ code, reason: reason.toString() }));
      socket.once('unexpected-response', (_request, response) => {
        done({ refusedWith: response.statusCode ?? 0 });
        socket.terminate();
      });
    });
    socket.on('message', (data) => {
      const request = parseLinkFrame(apiToDeviceMessage, data.toString());
      if (request?.type !== 'request') return;
      this.requests.push(request);
      const reply = answer(request);
      if (reply) socket.send(JSON.stringify({ type: 'response', id: request.id, status: reply.status, body: reply.body }));
    });
  }

  /** Opens a link to `baseUrl` with `key` (resolves once open, or once closed when refused). */
  static async open(baseUrl: string, key: string | null, answer: Answer = () => ({ status: 200, body: 'OK' })): Promise<TestLink> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${DEVICE_LINK_PATH}`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
    const link = new TestLink(socket, answer);
    await Promise.race([new Promise<void>((done) => socket.once('open', () => done())), link.closed]);
    return link;
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.close();
    await this.closed;
  }
}
