import * as oidc from 'openid-client';
import type { SocialProvider } from '@flotilla/core/social-sign-in';
import type { SocialSignInConfig } from '../lib/config.ts';
import { badRequest } from '../lib/errors.ts';

/** Who the provider says signed in: its own id for them, and their email only when it verified it. */
export interface SocialProfile {
  remoteId: string;
  verifiedEmail: string | null;
  displayName: string | null;
}

/** What one sign-in keeps between the start and the callback (social-state.ts carries it). */
export interface SocialChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * One provider, through openid-client (the OAuth 2.0 / OpenID Connect client by the author of
 * jose): the authorization URL with state, PKCE (S256) and a nonce, and the code exchanged for
 * the signed-in person's profile, every check (state, PKCE, the ID token's signature, issuer,
 * audience and nonce) done by the library.
 */
export interface SocialProviderClient {
  authorizationUrl(redirectUri: string, checks: SocialChecks): Promise<URL>;
  profile(callbackUrl: URL, checks: SocialChecks): Promise<SocialProfile>;
}

/** Plain http is for local stand-ins only (tests, an offline lab); real providers are https. */
function insecureIfHttp(url: string): { execute?: Array<(config: oidc.Configuration) => void> } {
  return new URL(url).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {};
}

/** The provider refused or the library's checks failed: the person sees why, nothing is created. */
async function exchange(config: oidc.Configuration, callbackUrl: URL, checks: SocialChecks, idTokenExpected: boolean) {
  try {
    return await oidc.authorizationCodeGrant(config, callbackUrl, { expectedState: checks.state, pkceCodeVerifier: checks.codeVerifier, expectedNonce: idTokenExpected ? checks.nonce : undefined, idTokenExpected });
  } catch (error) {
    const text = error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError ? error.error_description || error.error : 'the provider did not accept the sign-in';
    throw badRequest(`Sign-in failed: ${text}`);
  }
}

/** GitHub: OAuth 2.0 (no OpenID Connect); the profile and the verified primary email come from its REST API. */
function githubClient(settings: NonNullable<SocialSignInConfig['github']>): SocialProviderClient {
  const web = (settings.url ?? 'https://github.com').replace(/\/$/, '');
  const api = (settings.apiUrl ?? 'https://api.github.com').replace(/\/$/, '');
  const config = new oidc.Configuration(
    { issuer: web, authorization_endpoint: `${web}/login/oauth/authorize`, token_endpoint: `${web}/login/oauth/access_token` },
    settings.clientId,
    settings.clientSecret,
  );
  if (new URL(web).protocol === 'http:') oidc.allowInsecureRequests(config);
  const get = async <T>(path: string, token: string): Promise<T> => {
    const res = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'user-agent': 'Flotilla' }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw badRequest(`Sign-in failed: GitHub answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    async authorizationUrl(redirectUri, checks) {
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(callbackUrl, checks) {
      const tokens = await exchange(config, callbackUrl, checks, false);
      const user = await get<{ id: number; login: string }>('/user', tokens.access_token);
      const emails = await get<Array<{ email: string; primary: boolean; verified: boolean }>>('/user/emails', tokens.access_token);
      const primary = emails.find((e) => e.primary && e.verified);
      return { remoteId: String(user.id), verifiedEmail: primary?.email ?? null, displayName: user.login };
    },
  };
}

/** Google: OpenID Connect, found by discovery once (retried after a failure); the ID token says who and whether the email is verified. */
function googleClient(settings: NonNullable<SocialSignInConfig['google']>): SocialProviderClient {
  const issuer = settings.issuerUrl ?? 'https://accounts.google.com';
  let discovered: Promise<oidc.Configuration> | undefined;
  const config = () => {
    discovered ??= oidc.discovery(new URL(issuer), settings.clientId, settings.clientSecret, undefined, insecureIfHttp(issuer)).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };
  return {
    async authorizationUrl(redirectUri, checks) {
      return oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(callbackUrl, checks) {
      const claims = (await exchange(await config(), callbackUrl, checks, true)).claims();
      if (!claims) throw badRequest('Sign-in failed: Google sent no ID token');
      const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null;
      return { remoteId: claims.sub, verifiedEmail: email, displayName: typeof claims.name === 'string' ? claims.name : null };
    },
  };
}

/** The configured providers' clients (made once per app); an unconfigured provider has none. */
export function socialProviderClients(settings: SocialSignInConfig | undefined): Partial<Record<SocialProvider, SocialProviderClient>> {
  return {
    ...(settings?.github ? { github: githubClient(settings.github) } : {}),
    ...(settings?.google ? { google: googleClient(settings.google) } : {}),
  };
}
