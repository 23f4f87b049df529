import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/**
 * A stand-in for GitHub's OAuth app flow and Google's OpenID Connect on a local port (the
 * providers themselves are out of reach): the endpoints, parameters and answers the product
 * uses, with the checks a real provider makes (client secret, redirect URI, single-use codes,
 * PKCE S256), an ID token signed RS256 and published in a JWKS. The browser or test "signs in"
 * as whoever `signInAs` named last; consent is given at once.
 *
 * GitHub: `<url>/login/oauth/authorize`, `<url>/login/oauth/access_token`, `<url>/user`,
 * `<url>/user/emails` (the same base serves as web and API). Google: issuer `<url>/google`.
 */
export interface StandInPerson {
  id: string;
  login: string;
  email: string;
  emailVerified: boolean;
}

export interface SocialProviderStandIn {
  url: string;
  googleIssuer: string;
  clientId: string;
  clientSecret: string;
  signInAs(person: StandInPerson): void;
  /** The next authorization answers this error instead of a code (the person said no). */
  denyNext(error: string, description: string): void;
  /** The next ID token carries this nonce instead of the one asked for. */
  spoilNextNonce(): void;
  close(): Promise<void>;
}

interface Grant {
  person: StandInPerson;
  redirectUri: string;
  challenge: string | null;
  nonce: string | null;
  provider: 'github' | 'google';
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startSocialProviderStandIn(): Promise<SocialProviderStandIn> {
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };
  let person: StandInPerson = { id: '1', login: 'someone', email: 'someone@example.com', emailVerified: true };
  let denial: { error: string; description: string } | null = null;
  let spoilNonce = false;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, StandInPerson>();
  let url = '';

  const authorize = (query: URLSearchParams, res: ServerResponse, provider: Grant['provider']) => {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId || !redirectUri) return json(res, 400, { error: 'invalid_request' });
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state) back.searchParams.set('state', state);
    if (denial) {
      back.searchParams.set('error', denial.error);
      back.searchParams.set('error_description', denial.description);
      denial = null;
    } else {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { person, redirectUri, challenge: query.get('code_challenge'), nonce: query.get('nonce'), provider });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const exchange = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await formBody(req);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(res, 401, { error: 'invalid_client' });
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.redirectUri !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant', error_description: 'The code is wrong, used or for another redirect URI' });
    const verifier = form.get('code_verifier') ?? '';
    if (grant.challenge && createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, grant.person);
    if (grant.provider === 'github') return json(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
    const nonce = spoilNonce ? 'not-the-nonce' : grant.nonce;
    spoilNonce = false;
    const idToken = await new SignJWT({ email: grant.person.email, email_verified: grant.person.emailVerified, name: grant.person.login, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'stand-in' })
      .setIssuer(`${url}/google`)
      .setAudience(clientId)
      .setSubject(grant.person.id)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, id_token: idToken, scope: 'openid email profile' });
  };

  const personOf = (req: IncomingMessage) => tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));

  const server: Server = createServer((req, res) => {
    const here = new URL(req.url ?? '/', url);
    const route = `${req.method} ${here.pathname}`;
    void (async () => {
      switch (route) {
        case 'GET /login/oauth/authorize':
          return authorize(here.searchParams, res, 'github');
        case 'POST /login/oauth/access_token':
        case 'POST /google/token':
          return exchange(req, res);
        case 'GET /user': {
          const who = personOf(req);
          return who ? json(res, 200, { id: Number(who.id), login: who.login, name: who.login }) : json(res, 401, { message: 'Bad credentials' });
        }
        case 'GET /user/emails': {
          const who = personOf(req);
          return who
            ? json(res, 200, [{ email: `${who.login}@users.noreply.example`, primary: false, verified: true }, { email: who.email, primary: true, verified: who.emailVerified }])
            : json(res, 401, { message: 'Bad credentials' });
        }
        case 'GET /google/.well-known/openid-configuration':
          return json(res, 200, {
            issuer: `${url}/google`,
            authorization_endpoint: `${url}/google/auth`,
            token_endpoint: `${url}/google/token`,
            jwks_uri: `${url}/google/certs`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          });
        case 'GET /google/auth':
          return authorize(here.searchParams, res, 'google');
        case 'GET /google/certs':
          return json(res, 200, { keys: [jwk] });
        default:
          return json(res, 404, { error: 'not_found' });
      }
    })().catch(() => json(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    googleIssuer: `${url}/google`,
    clientId,
    clientSecret,
    signInAs(next) {
      person = next;
    },
    denyNext(error, description) {
      denial = { error, description };
    },
    spoilNextNonce() {
      spoilNonce = true;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
