import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { samlAccessResponse } from '@flotilla/core/saml';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { identityProviderKeys } from './identity-provider-keys.ts';

/**
 * `GET /user/v1/saml-access`: whether the SAML feature is on for the user (an organization of
 * theirs has saml_access in its plan, accounts spec §6) and the organizations they administer
 * that have it (the ones a provider may authorize). Read by the sidebar and the pages' guard.
 * The schema module (core saml.ts) is fetched with the request, so the sidebar's chunk, part of
 * every signed-in first load (apps/web/bundle-budget.json), does not carry it.
 */
export const samlAccessQuery = queryOptions({
  queryKey: identityProviderKeys.samlAccess(),
  queryFn: async () => {
    const [{ samlAccessResponse: schema }, body] = await Promise.all([import('@flotilla/core/saml'), apiRequest('/user/v1/saml-access')]);
    return parseResponse(schema, '/user/v1/saml-access', body);
  },
  staleTime: 60_000,
});
export type SamlAccess = z.output<typeof samlAccessResponse>;
