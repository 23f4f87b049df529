// @vitest-environment jsdom
import '../delete-account-catalog.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { deletionPreviewQuery } from '../api/delete-account.queries.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

afterEach(cleanup);

describe('DeleteAccountDialog', () => {
  it('opens with focus in the password field, not on a button (Enter there with it empty deletes nothing)', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(deletionPreviewQuery.queryKey, { soleAdminOrganizations: [], customPlanOrganizations: [] });
    renderWithProviders(<DeleteAccountDialog onClose={() => undefined} />, { queryClient });
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });
});
