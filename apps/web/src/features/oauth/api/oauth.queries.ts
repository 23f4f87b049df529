import { queryOptions } from '@tanstack/react-query';
import * as oauthApplication from '@flotilla/core/schemas/odata/oauth-application';
import * as oauthAuthorization from '@flotilla/core/schemas/odata/oauth-application-authorization';
import { odataList } from '../../../lib/odata.ts';

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const oauthKeys = {
  all: ['oauth'] as const,
  byClientId: (clientId: string) => [...oauthKeys.all, 'client', clientId] as const,
  created: (userId: number) => [...oauthKeys.all, 'created', userId] as const,
  authorized: (userId: number) => [...oauthKeys.all, 'authorized', userId] as const,
};

/** What the consent page shows of an application. */
export const consentApplicationRow = oauthApplication.row.pick({ id: true, client_id: true, name: true, description: true, redirect_uri: true });
export type ConsentApplication = ReturnType<typeof consentApplicationRow.parse>;

/** The application with this client id (any signed-in user may read it), or null when there is none. */
export function applicationByClientIdQuery(clientId: string) {
  return queryOptions({
    queryKey: oauthKeys.byClientId(clientId),
    queryFn: async () => {
      const rows = await odataList(consentApplicationRow, {
        resource: oauthApplication.resource,
        options: { $select: ['id', 'client_id', 'name', 'description', 'redirect_uri'], $filter: { client_id: clientId } },
      });
      return rows[0] ?? null;
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
