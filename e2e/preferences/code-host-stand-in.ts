import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the code host's public key API (`GET /users/{username}/keys`, accounts
 * spec §7), answering with CORS headers as the real one does, so the browser can call it.
 */
export interface CodeHostStandIn {
  url: string;
  close(): Promise<void>;
}

export async function startCodeHostStandIn(keysByUser: Record<string, string[]>): Promise<CodeHostStandIn> {
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    const match = /^\/users\/([^/]+)\/keys$/.exec(req.url ?? '');
    const keys = match ? keysByUser[decodeURIComponent(match[1]!)] : undefined;
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (!keys) return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not Found"}');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(keys.map((key, i) => ({ id: i + 1, key }))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
