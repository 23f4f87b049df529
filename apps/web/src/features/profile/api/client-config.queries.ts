import { queryOptions } from '@tanstack/react-query';
import { publicConfigResponse } from '@flotilla/core/schemas/config';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** Query keys of the deployment's public configuration. */
export const clientConfigKeys = { all: ['client-config'] as const };

/**
 * What the dashboard reads from public `GET /config`: the account screens' URLs and the
 * header's links (features/shell/api/shell.queries.ts `headerLinksQuery` selects those from
 * this same query, so a page load asks once).
 */
const clientConfig = publicConfigResponse.pick({ codeHostApiUrl: true, avatarUrl: true, adminUrl: true, headerLinks: true, mapTileUrl: true, deviceUrlsBase: true, cliVersion: true, cliDownloadBaseUrl: true, gitServer: true, socialProviders: true, billing: true });

/** Fixed for the deployment: read once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: clientConfigKeys.all,
  queryFn: async () => parseResponse(clientConfig, '/config', await apiRequest('/config', { auth: false })),
  staleTime: Infinity,
});
