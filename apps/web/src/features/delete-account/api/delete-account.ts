import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestToken } from '../../../lib/http.ts';

/** Calls of account deletion (API: apps/api/src/delete-account/delete-account.routes.ts). */
export interface DeletionPreview {
  soleAdminOrganizations: { id: number; name: string }[];
  customPlanOrganizations: string[];
}

export interface DeletionResult {
  cancelledSubscriptions: number;
  deletedOrganizations: number;
}

function isPreview(value: unknown): value is DeletionPreview {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.soleAdminOrganizations) && Array.isArray(v.customPlanOrganizations);
}

export const deletionPreviewQuery = queryOptions({
  queryKey: ['account-deletion-preview'],
  queryFn: async (): Promise<DeletionPreview> => {
    const body = await apiRequest('/user/v1/account/deletion');
    if (!isPreview(body)) throw new Error('Unexpected account deletion response');
    return body;
  },
});

/** Step 1: re-proves the password; a wrong one is a 401 that must not end the session. */
export function verifyPassword(password: string): Promise<string> {
  return apiRequestToken('/user/v1/refresh-token', { method: 'POST', body: { password }, keepSessionOn401: true });
}

/** The remaining steps, which the server runs in one transaction. */
export async function deleteAccount(password: string): Promise<DeletionResult> {
  return (await apiRequest('/user/v1/account', { method: 'DELETE', body: { password }, keepSessionOn401: true })) as DeletionResult;
}
