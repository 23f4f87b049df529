import { z } from 'zod';

/**
 * Every `scope` value in query order: `scope=…` repeated, and `scope[0]=…&scope[1]=…`, the form
 * `balena deploy` sends (balena-request stringifies arrays with qs's default indices).
 */
function gatherScopes(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const rest: Record<string, unknown> = {};
  const scopes: unknown[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'scope' || /^scope\[\d*\]$/.test(key)) scopes.push(...(Array.isArray(value) ? value : [value]));
    else rest[key] = value;
  }
  return scopes.length > 0 ? { ...rest, scope: scopes } : rest;
}

/**
 * `GET /auth/v1/token` (compat §4; Docker registry token authentication): the registry's
 * `service` name (the token is for the configured registry whatever it says, as balena's is) and
 * any number of `scope`s, repeated or space-separated. `account`,
 * `client_id` and `offline_token` are what docker clients add; they change nothing here.
 */
export const registryTokenQuery = z.preprocess(gatherScopes, z.object({
  service: z.string().min(1).max(255).optional(),
  scope: z
    .union([z.string().max(1024), z.array(z.string().max(1024)).max(100)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  account: z.string().max(255).optional(),
  client_id: z.string().max(255).optional(),
  offline_token: z.string().max(10).optional(),
}));
export type RegistryTokenQuery = z.output<typeof registryTokenQuery>;

/** The answer: `token` and its OAuth2 twin `access_token`, lifetime in seconds, issue time (RFC 3339). */
export const registryTokenResponse = z.object({
  token: z.string(),
  access_token: z.string(),
  expires_in: z.number().int().positive(),
  issued_at: z.string(),
});
export type RegistryTokenResponse = z.output<typeof registryTokenResponse>;
