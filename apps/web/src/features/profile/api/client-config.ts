import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** What the dashboard reads from public `GET /config` for the account screens. */
export interface ClientConfig {
  /** Base URL of the code host API for SSH key import (`{url}/users/{username}/keys`). */
  codeHostApiUrl: string;
  /** Avatar URL template with `{hash}`, or null when no avatar service is configured. */
  avatarUrl: string | null;
  /** Back-office URL for platform admins (`ADMIN_URL`), or null when none is configured. */
  adminUrl: string | null;
}

export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: async (): Promise<ClientConfig> => {
    const body = (await apiRequest('/config', { auth: false })) as Partial<ClientConfig> | undefined;
    return {
      codeHostApiUrl: typeof body?.codeHostApiUrl === 'string' ? body.codeHostApiUrl : 'https://api.github.com',
      avatarUrl: typeof body?.avatarUrl === 'string' ? body.avatarUrl : null,
      adminUrl: typeof body?.adminUrl === 'string' ? body.adminUrl : null,
    };
  },
  staleTime: Infinity,
});
