/**
 * Social sign-in (accounts spec §2, §3 social_service_account, §7 "GET /auth/{provider}/callback";
 * DESIGN "Identity"): GitHub and Google, each on only when the deployment configures it. The
 * dashboard sends the browser to the API's start path, the provider sends it back to the
 * dashboard's callback page, which asks the API for a session token with the provider's answer.
 */
export const SOCIAL_PROVIDERS = ['github', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** How the provider is named on buttons and in messages. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { github: 'GitHub', google: 'Google' };

/** Where the dashboard sends the browser to start (an API route: it redirects to the provider). */
export const socialStartPath = (provider: SocialProvider): string => `/auth/${provider}`;

/**
 * Where the provider sends the browser back: a dashboard page when navigated to, and the API's
 * token exchange when that page fetches it with the same query (one origin serves both).
 */
export const socialCallbackPath = (provider: SocialProvider): string => `/auth/${provider}/callback`;
