import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { deletionResultResponse } from '@flotilla/core/schemas/account';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

export type DeletionResult = z.output<typeof deletionResultResponse>;

/**
 * The steps after the password check, which the server runs in one transaction. Nothing is
 * refreshed: the dialog signs the user out next, which drops the whole cache. A wrong password
 * is a 401 that must not end the session; the dialog shows every error (meta.silent).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string): Promise<DeletionResult> =>
      parseResponse(deletionResultResponse, '/user/v1/account', await apiRequest('/user/v1/account', { method: 'DELETE', body: { password }, keepSessionOn401: true })),
    meta: { silent: true },
  });
}
