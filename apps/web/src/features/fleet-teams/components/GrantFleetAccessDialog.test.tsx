// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { fleetMemberKeys } from '../../fleet-members/api/fleet-members.queries.ts';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { GrantFleetAccessDialog, type AccessCandidate } from './GrantFleetAccessDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORG = 1;
const LABELS = { title: 'Add to team', pick: 'Team', role: 'Role', submit: 'Add access', noneAvailable: 'None', what: 'the teams' };

function dialog(data: readonly AccessCandidate[] | undefined, onSubmit: (candidateId: number, role: string) => void = () => undefined) {
  return (
    <GrantFleetAccessDialog
      labels={LABELS}
      candidates={{ data, error: null, refetch: () => Promise.resolve() }}
      organizationId={ORG}
      applicationClass="fleet"
      isOrganizationAdmin
      busy={false}
      error={null}
      onSubmit={onSubmit}
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

// A failed read of the organization's plan silently took the limited roles away ("paid users
// only") and let the grant go with what was left: now it says so with Retry, and waits for it.
describe('"Add to team" / "Add fleet" when the plan cannot be read', () => {
  beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));

  it('says the plan could not be read, with Retry, and grants nothing until it is', async () => {
    let isFailing = true;
    const paidPlan = { id: 1, is_for__plan: [{ billing_code: 'pilot-v2', plan_feature: [{ feature: [{ slug: 'safe-roles-preview-addon' }] }] }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const body = path !== '/v7/subscription' ? { d: [] } : isFailing ? { error: 'database unavailable' } : { d: [paidPlan] };
        return new Response(JSON.stringify(body), { status: path === '/v7/subscription' && isFailing ? 500 : 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const submitted: string[] = [];
    renderWithProviders(dialog([{ id: 3, name: 'ops' }], (_id, role) => submitted.push(role)));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Could not load the organization's plan");
    expect(alert.textContent).toContain('database unavailable');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Team/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ops' }));
    const submit = screen.getByRole('button', { name: 'Add access' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.submit(submit.closest('form')!);
    expect(submitted).toEqual([]);
    // The limited roles say they wait for the plan, not that the organization does not pay.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    const limited = await screen.findByRole('option', { name: /Limited Developer/ });
    expect(limited.getAttribute('aria-disabled')).toBe('true');
    expect(limited.textContent).toContain('not read yet');
    expect(screen.queryByText('Access role only available for paid users')).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    isFailing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add access' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Limited Developer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add access' }));
    expect(submitted).toEqual(['safe-developer']);
  });
});
