import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createGzip, type Gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { newDeviceUuid, type TestFleetWithKey } from '../devices/device-test-factories.ts';

/** Registers a device into `fleet` through the real route; returns its uuid, id and key. */
export async function registerDevice(app: FastifyInstance, fleet: TestFleetWithKey): Promise<{ uuid: string; id: number; apiKey: string }> {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const res = await app.inject({
    method: 'POST',
    url: '/device/register',
    headers: { authorization: `Bearer ${fleet.provisioningKey}` },
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey, os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' },
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { uuid, id: (res.json() as { id: number }).id, apiKey };
}

/** The base URL of an app listening on a free loopback port. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * An open `POST /device/v2/:uuid/log-stream` as the supervisor sends it: gzip NDJSON over a
 * chunked body that stays open until `end()`. `response` settles when the server answers.
 */
export interface OpenLogStream {
  write(lines: unknown[] | string): Promise<void>;
  end(): Promise<{ status: number; body: string }>;
  /** Resolves with the status if the server answers before the body ends. */
  response: Promise<{ status: number; body: string }>;
  request: ClientRequest;
}

/** `tls`: an https `baseUrl`'s CA and name (as a device trusts `balenaRootCA`); `headers`: more request headers (the supervisor's User-Agent). */
export function openLogStream(baseUrl: string, uuid: string, key: string, opts: { gzip?: boolean; tls?: { ca: string; servername: string }; headers?: Record<string, string> } = {}): OpenLogStream {
  const isGzip = opts.gzip ?? true;
  // The supervisor's streamer is Node's https.request: the same here for an https server.
  const send = baseUrl.startsWith('https:') ? httpsRequest : httpRequest;
  const req = send(`${baseUrl}/device/v2/${uuid}/log-stream`, {
    method: 'POST',
    headers: { ...opts.headers, authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson', ...(isGzip ? { 'content-encoding': 'gzip' } : {}) },
    ...opts.tls,
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  const gz: Gzip | null = isGzip ? createGzip() : null;
  gz?.on('data', (c: Buffer) => req.write(c));
  const write = async (lines: unknown[] | string) => {
    const text = typeof lines === 'string' ? lines : lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    if (!gz) {
      req.write(text);
      return;
    }
    gz.write(text);
    // Z_SYNC_FLUSH: the bytes so far go out now, as the supervisor's stream flushes per line.
    await new Promise<void>((resolve) => gz.flush(() => resolve()));
  };
  const end = async () => {
    if (gz) {
      // 'end' of the readable side, after its last 'data' went into the request: end()'s own
      // callback fires on 'finish' (input taken), and a busy machine still had bytes to emit.
      const drained = new Promise<void>((resolve) => gz.once('end', () => resolve()));
      gz.end();
      await drained;
    }
    req.end();
    return response;
  };
  return { write, end, response, request: req };
}

/** Reads an NDJSON stream line by line (blank keep-alive lines included as ''). */
export interface NdjsonReader {
  lines: string[];
  status: number;
  close(): void;
  /** Calls back once the response has ended (the server closed it, or `close()`). */
  onEnd(callback: () => void): void;
}

export async function readNdjson(url: string, headers: Record<string, string>): Promise<NdjsonReader> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const reader: NdjsonReader = { lines: [], status: res.statusCode ?? 0, close: () => req.destroy(), onEnd: (callback) => res.once('close', callback) };
      let partial = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop() ?? '';
        reader.lines.push(...parts);
      });
      res.on('error', () => undefined);
      resolve(reader);
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    req.end();
  });
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
