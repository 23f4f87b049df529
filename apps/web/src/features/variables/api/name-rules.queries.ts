import { queryOptions } from '@tanstack/react-query';
import { variableNameRulesFrom, type VariableNameRules } from '@flotilla/core/variable-names';
import { apiRequest } from '../../../lib/http.ts';

/**
 * The variable name rules the API publishes (`GET /config/vars`, compat §4: reserved names and
 * namespaces, white- and blacklists, the two regexes), read into @flotilla/core's rule set so
 * the form checks exactly what the API will. Public and unchanging: read once per session.
 * Until it answers (or if it fails) the form uses the same rules built into core.
 */
export const variableNameRulesQuery = queryOptions({
  queryKey: ['variable-name-rules'] as const,
  queryFn: async (): Promise<VariableNameRules> => {
    const body = await apiRequest('/config/vars', { auth: false });
    return variableNameRulesFrom(typeof body === 'object' && body !== null ? body : null);
  },
  staleTime: Infinity,
  meta: { silent: true },
});
