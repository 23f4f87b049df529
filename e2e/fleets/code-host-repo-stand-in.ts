import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the code host's repository API (fleets spec §7 "Deploy import"):
 * `GET /repos/{owner}/{name}` answers the repository with its default branch, and
 * `GET /repos/{owner}/{name}/contents/balena.yml?ref=…` its balena.yml as raw text, with the
 * CORS headers the real one sends so the browser may call it. Unknown repositories are 404, a
 * repository without a file answers 404 for it. Requests are recorded.
 */
export interface CodeHostRepoStandIn {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startCodeHostRepoStandIn(repos: Record<string, { balenaYml: string | null }>): Promise<CodeHostRepoStandIn> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const notFound = () => void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not Found"}');
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/contents\/balena\.yml)?$/.exec(url.pathname);
    const repo = match ? repos[`${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`] : undefined;
    if (!match || !repo) return notFound();
    if (!match[3]) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ full_name: `${match[1]}/${match[2]}`, default_branch: 'main' }));
    }
    if (repo.balenaYml === null || url.searchParams.get('ref') !== 'main') return notFound();
    res.writeHead(200, { 'Content-Type': 'application/vnd.github.raw+json; charset=utf-8' });
    res.end(repo.balenaYml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
