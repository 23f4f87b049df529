// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddFleetMemberDialog } from './AddFleetMemberDialog.tsx';
import { ChangeFleetRoleDialog } from './ChangeFleetRoleDialog.tsx';

/**
 * The fleet member dialogs when the organization's plan cannot be read (fleets spec §6 "Member
 * role options depend on whether the organization is paid"): the limited roles were silently
 * "only for paid users" and the role left could be sent. Now the failure shows with Retry and
 * the role waits for the plan.
 */
const ORG = 3;
const requests: Array<{ method: string; path: string }> = [];
let isPlanFailing = true;
let roleIdFailures = 0;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests.length = 0;
  isPlanFailing = true;
  roleIdFailures = 0;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      requests.push({ method: init.method ?? 'GET', path });
      if (path === '/v7/subscription') return isPlanFailing ? json(500, { error: 'database unavailable' }) : json(200, { d: [] });
      if (path === '/v7/application_membership_role' && roleIdFailures > 0) {
        roleIdFailures -= 1;
        return json(500, { error: 'role ids unavailable' });
      }
      if (path === '/v7/application_membership_role') return json(200, { d: ['administrator', 'developer', 'safe-developer', 'operator', 'safe-operator', 'observer'].map((name, i) => ({ id: i + 1, name })) });
      if (init.method && init.method !== 'GET') return json(200, {});
      return json(200, { d: [] });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The plan's error in the dialog, with its Retry; the submit stays disabled meanwhile. */
async function expectPlanFailure(submitName: string) {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain("Could not load the organization's plan");
  expect(alert.textContent).toContain('database unavailable');
  // The role ids (another read) have loaded: only the plan holds the submit.
  await waitFor(() => expect(requests.some((r) => r.path === '/v7/application_membership_role')).toBe(true));
  expect((screen.getByRole('button', { name: submitName }) as HTMLButtonElement).disabled).toBe(true);
  return alert;
}

describe('fleet member dialogs when the plan cannot be read', () => {
  it('Add member: says so with Retry, adds no one until the plan is read, then offers the roles it gives', async () => {
    renderWithProviders(<AddFleetMemberDialog fleetId={7} organizationId={ORG} applicationClass="fleet" isOrganizationAdmin canInvite onClose={() => undefined} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Username or email/ }), { target: { value: 'ana' } });
    const alert = await expectPlanFailure('Add member');
    fireEvent.submit(screen.getByRole('button', { name: 'Add member' }).closest('form')!);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    isPlanFailing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add member' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    // Read now, and free: the limited roles are what the plan says.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    expect((await screen.findByRole('option', { name: /Limited Operator/ })).textContent).toContain('Access role only available for paid users');
  });

  it('Change role: says so with Retry and changes nothing until the plan is read', async () => {
    renderWithProviders(
      <ChangeFleetRoleDialog membershipId={11} username="ana" currentRole="developer" organizationId={ORG} applicationClass="fleet" isOrganizationAdmin onClose={() => undefined} />,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Observer/ }));
    const alert = await expectPlanFailure('Change role');

    isPlanFailing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Change role' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('fleet member dialogs when the role ids cannot be read ahead', () => {
  it('Change role: the button stays usable, and the write reads the ids itself', async () => {
    isPlanFailing = false;
    roleIdFailures = 1;
    renderWithProviders(
      <ChangeFleetRoleDialog membershipId={11} username="ana" currentRole="developer" organizationId={ORG} applicationClass="fleet" isOrganizationAdmin onClose={() => undefined} />,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Observer/ }));
    // The read ahead failed: that alone used to leave the button disabled with no word why.
    await waitFor(() => expect(requests.filter((r) => r.path === '/v7/application_membership_role')).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Change role' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.filter((r) => r.path === '/v7/application_membership_role').length).toBeGreaterThanOrEqual(2);
  });
});
