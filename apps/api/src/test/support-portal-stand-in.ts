import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, type JWTPayload } from 'jose';

/**
 * A stand-in for a Zendesk help center's JWT single sign-on on a local port (the real portal is
 * out of reach in tests): `POST /access/jwt` takes the form the dashboard's `/zendesk-login` page
 * posts (`jwt`, `return_to`), verifies the token as the portal does — HS256 with the shared
 * secret, not expired, each `jti` once — and on success starts a portal session (a cookie) and
 * sends the browser on to `return_to` (on its own origin, else `/hc`). `GET /hc/…` shows whom the
 * session belongs to. Every post is recorded, accepted or not, for tests to inspect.
 */
export interface PortalSignIn {
  accepted: boolean;
  /** Why a token was refused (jose's message, or "jti reused"). */
  reason?: string;
  claims?: JWTPayload & { email?: string; name?: string; external_id?: string };
  returnTo: string | null;
}

export interface SupportPortalStandIn {
  url: string;
  /** The shared secret (at least 32 characters, as SUPPORT_PORTAL_JWT_SECRET requires). */
  secret: string;
  signIns: PortalSignIn[];
  close(): Promise<void>;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

export async function startSupportPortalStandIn(secret = randomBytes(24).toString('hex')): Promise<SupportPortalStandIn> {
  const key = new TextEncoder().encode(secret);
  const signIns: PortalSignIn[] = [];
  const usedJtis = new Set<string>();
  const sessions = new Map<string, { email: string; name: string }>();
  let url = '';

  const accessJwt = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await formBody(req);
    const returnTo = form.get('return_to');
    try {
      const { payload } = await jwtVerify(form.get('jwt') ?? '', key, { algorithms: ['HS256'], requiredClaims: ['iat', 'jti', 'exp'] });
      if (usedJtis.has(payload.jti!)) throw new Error('jti reused');
      usedJtis.add(payload.jti!);
      signIns.push({ accepted: true, claims: payload as PortalSignIn['claims'], returnTo });
      const session = randomBytes(16).toString('hex');
      sessions.set(session, { email: String(payload.email), name: String(payload.name) });
      const target = returnTo && new URL(returnTo, url).origin === url ? returnTo : `${url}/hc`;
      res.writeHead(303, { location: target, 'set-cookie': `portal_session=${session}; Path=/; HttpOnly; SameSite=Lax` });
      res.end();
    } catch (error) {
      const reason = (error as Error).message;
      signIns.push({ accepted: false, reason, returnTo });
      page(res, 401, 'Sign-in refused', `<p>${escapeHtml(reason)}</p>`);
    }
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'POST' && path === '/access/jwt') {
      accessJwt(req, res).catch(() => page(res, 500, 'Error', ''));
      return;
    }
    if (req.method === 'GET' && (path === '/hc' || path.startsWith('/hc/'))) {
      const cookie = /(?:^|;\s*)portal_session=([0-9a-f]+)/.exec(req.headers.cookie ?? '')?.[1];
      const who = cookie ? sessions.get(cookie) : undefined;
      page(res, 200, 'Support portal', who ? `<p>Signed in as ${escapeHtml(who.email)} (${escapeHtml(who.name)})</p><p>Page ${escapeHtml(path)}</p>` : '<p>Not signed in</p>');
      return;
    }
    page(res, 404, 'Not found', '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secret,
    signIns,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
