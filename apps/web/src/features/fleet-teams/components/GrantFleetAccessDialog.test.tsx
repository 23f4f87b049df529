// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fleetMemberKeys } from '../../fleet-members/api/fleet-members.queries.ts';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { GrantFleetAccessDialog, type AccessCandidate } from './GrantFleetAccessDialog.tsx';

afterEach(cleanup);

const ORG = 1;
const LABELS = { title: 'Add to team', pick: 'Team', role: 'Role', submit: 'Add access', noneAvailable: 'None', what: 'the teams' };

function dialog(data: readonly AccessCandidate[] | undefined) {
  return (
    <GrantFleetAccessDialog
      labels={LABELS}
      candidates={{ data, error: null, refetch: () => Promise.resolve() }}
      organizationId={ORG}
      applicationClass="fleet"
      isOrganizationAdmin
      busy={false}
      error={null}
      onSubmit={() => undefined}
      onClose={() => undefined}
    />
  );
}

function renderDialog(data: readonly AccessCandidate[] | undefined) {
  const queryClient = testQueryClient();
  // The plan's answer is in the cache, as after the fleet's members page: no request.
  queryClient.setQueryData(fleetMemberKeys.limitedRoles(ORG), false);
  return renderWithProviders(dialog(data), { queryClient });
}

// Every create dialog opens on its first field (FormDialog's callers, Add member): "Add to team"
// opened on the dialog itself, so a keyboard user had to Tab into the form first.
describe('"Add to team" / "Add fleet" focus (same as every other create dialog)', () => {
  it('opens on the Team field when the candidates are already loaded', async () => {
    renderDialog([{ id: 3, name: 'ops' }]);
    const field = await screen.findByRole('combobox', { name: /Team/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('moves to the Team field once the candidates arrive after the dialog opened', async () => {
    // The common case: the teams load after the dialog opened, so the field mounts later.
    function LoadingCandidates() {
      const [data, setData] = useState<readonly AccessCandidate[] | undefined>(undefined);
      useEffect(() => {
        const timer = setTimeout(() => setData([{ id: 3, name: 'ops' }]), 100);
        return () => clearTimeout(timer);
      }, []);
      return dialog(data);
    }
    const queryClient = testQueryClient();
    queryClient.setQueryData(fleetMemberKeys.limitedRoles(ORG), false);
    renderWithProviders(<LoadingCandidates />, { queryClient });
    const field = await screen.findByRole('combobox', { name: /Team/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
