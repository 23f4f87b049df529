import { queryOptions } from '@tanstack/react-query';
import { supportPortalLoginResponse } from '@flotilla/core/schemas/support-portal';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { supportKeys } from './support.queries.ts';

const PATH = '/zendesk/v1/login';

/**
 * A fresh single-use token for the support portal (accounts spec §7 GET /zendesk/v1/login):
 * never kept, never refetched on its own (each answer is a new sign-in the portal accepts once);
 * the page's Retry asks again.
 */
export function supportPortalLoginQuery(returnTo: string | undefined) {
  return queryOptions({
    queryKey: [...supportKeys.all, 'portal-login', returnTo ?? null] as const,
    queryFn: async () => {
      const path = returnTo ? `${PATH}?${new URLSearchParams({ return_to: returnTo })}` : PATH;
      return parseResponse(supportPortalLoginResponse, PATH, await apiRequest(path));
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
