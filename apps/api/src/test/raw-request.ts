import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * One request with exactly the given headers (node:http/https add only Host, Connection and
 * Content-Length), as the supervisor sends them: the replay tests must not pick up a client's
 * own headers the way fetch would (Accept, User-Agent, Sec-Fetch-Mode, …).
 */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For an https URL: the CA to trust and the name to verify (a device's `balenaRootCA`). */
  tls?: { ca: string; servername: string };
}

export function rawRequest(url: string, { method = 'GET', headers = {}, body, tls }: RawRequestOptions = {}): Promise<RawResponse> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method, headers, ...tls }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
