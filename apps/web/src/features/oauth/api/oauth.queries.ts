import { queryOptions } from '@tanstack/react-query';
import * as oauthApplication from '@flotilla/core/schemas/odata/oauth-application';
import * as oauthAuthorization from '@flotilla/core/schemas/odata/oauth-application-authorization';
import { oauthConsentApplication, type OAuthConsentApplication } from '@flotilla/core/schemas/oauth';
import { odataList } from '../../../lib/odata.ts';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const oauthKeys = {
  all: ['oauth'] as const,
  byClientId: (clientId: string) => [...oauthKeys.all, 'client', clientId] as const,
  created: (userId: number) => [...oauthKeys.all, 'created', userId] as const,
  authorized: (userId: number) => [...oauthKeys.all, 'authorized', userId] as const,
};

export type ConsentApplication = OAuthConsentApplication;

/**
 * The application with this client id, or null when there is none: any signed-in user who has
 * the client id may read it (GET /oauth/application/:clientId; the OData list shows only one's own).
 */
export function applicationByClientIdQuery(clientId: string) {
  return queryOptions({
    queryKey: oauthKeys.byClientId(clientId),
    queryFn: async (): Promise<ConsentApplication | null> => {
      try {
        const route = `/oauth/application/${encodeURIComponent(clientId)}`;
        return parseResponse(oauthConsentApplication, route, await apiRequest(route));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

const createdApplicationRow = oauthApplication.row.pick({ id: true, created_at: true, client_id: true, name: true, description: true, redirect_uri: true });
export type CreatedApplicationRow = ReturnType<typeof createdApplicationRow.parse>;

/** The applications the user registered. */
export function createdApplicationsQuery(userId: number) {
  return queryOptions({
    queryKey: oauthKeys.created(userId),
    queryFn: () =>
      odataList(createdApplicationRow, {
        resource: oauthApplication.resource,
        options: {
          $select: ['id', 'created_at', 'client_id', 'name', 'description', 'redirect_uri'],
          $filter: { is_created_by__user: userId },
          $orderby: [{ name: 'asc' }, { id: 'asc' }],
        },
      }),
  });
}

const authorizationRow = oauthAuthorization.row.pick({ id: true, created_at: true }).extend({
  oauth_application: oauthApplication.row.pick({ name: true, redirect_uri: true }).array(),
});
export type AuthorizationRow = ReturnType<typeof authorizationRow.parse>;

/** The applications the user authorized (their consents; only their own are readable). */
export function authorizationsQuery(userId: number) {
  return queryOptions({
    queryKey: oauthKeys.authorized(userId),
    queryFn: () =>
      odataList(authorizationRow, {
        resource: oauthAuthorization.resource,
        options: {
          $select: ['id', 'created_at', 'oauth_application'],
          $expand: { oauth_application: { $select: ['name', 'redirect_uri'] } },
          $filter: { belongs_to__user: userId },
          $orderby: { created_at: 'desc' },
        },
      }),
  });
}
