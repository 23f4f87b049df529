import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { deletionPreviewResponse } from '@flotilla/core/schemas/account';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** Query keys of this feature: everything under `all`. */
export const deleteAccountKeys = {
  all: ['delete-account'] as const,
  preview: () => [...deleteAccountKeys.all, 'preview'] as const,
};

/** What deleting the account would take with it (API: apps/api/src/delete-account/delete-account.routes.ts). */
export type DeletionPreview = z.output<typeof deletionPreviewResponse>;

export const deletionPreviewQuery = queryOptions({
  queryKey: deleteAccountKeys.preview(),
  queryFn: async (): Promise<DeletionPreview> =>
    parseResponse(deletionPreviewResponse, '/user/v1/account/deletion', await apiRequest('/user/v1/account/deletion')),
});
