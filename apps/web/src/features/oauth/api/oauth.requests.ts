import { createdOAuthApplication, oauthAuthorizeResponse, type CreateOAuthApplicationBody, type CreatedOAuthApplication } from '@flotilla/core/schemas/oauth';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the OAuth mutations (api/oauth.mutations.ts). */

/** `POST /oauth/authorize` (accounts spec §7): a one-time code for the application. */
export async function authorizeApplication(clientId: string, state: string | undefined): Promise<string> {
  const body = await apiRequest('/oauth/authorize', { method: 'POST', body: { client_id: clientId, response_type: 'code', ...(state ? { state } : {}) } });
  return parseResponse(oauthAuthorizeResponse, '/oauth/authorize', body).code;
}

/** `POST /oauth/application`: answers the client secret, shown once. */
export async function registerApplication(values: CreateOAuthApplicationBody): Promise<CreatedOAuthApplication> {
  return parseResponse(createdOAuthApplication, '/oauth/application', await apiRequest('/oauth/application', { method: 'POST', body: values }));
}

export async function deleteApplication(id: number): Promise<void> {
  await pine.delete({ resource: 'oauth_application', id });
}

export async function revokeAuthorization(id: number): Promise<void> {
  await pine.delete({ resource: 'oauth_application_authorization', id });
}
