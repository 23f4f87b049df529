import { queryOptions } from '@tanstack/react-query';
import { supportAccessResponse, supportTicketFieldsResponse } from '@flotilla/core/schemas/support';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** The help desk behind the support drawer (accounts spec §7 Support; apps/api/src/support). */
export const supportKeys = {
  all: ['support'] as const,
  access: (orgId: number) => [...supportKeys.all, 'access', orgId] as const,
  fields: (orgId: number) => [...supportKeys.all, 'fields', orgId] as const,
};

export const supportBase = (orgId: number) => `/zendesk/v1/${orgId}`;
const base = supportBase;

/** What the drawer offers for an organization: its support tier and whether the user may file a ticket. */
export function supportAccessQuery(orgId: number) {
  return queryOptions({
    queryKey: supportKeys.access(orgId),
    queryFn: async () => parseResponse(supportAccessResponse, `${base(orgId)}/access`, await apiRequest(`${base(orgId)}/access`)),
    staleTime: 60_000,
  });
}

/** The ticket form's fields, in their order. */
export function ticketFieldsQuery(orgId: number) {
  return queryOptions({
    queryKey: supportKeys.fields(orgId),
    queryFn: async () => parseResponse(supportTicketFieldsResponse, `${base(orgId)}/ticket-fields`, await apiRequest(`${base(orgId)}/ticket-fields`)),
    staleTime: 5 * 60_000,
  });
}
