// @vitest-environment jsdom
import '../fleet-settings-catalog.ts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { ownFleetMembershipQuery, transferCandidatesQuery, type FleetSettings, type TransferCandidateRow } from '../api/fleet-settings.queries.ts';
import { DangerZone, type DangerPermissions } from './DangerZone.tsx';

/**
 * The danger zone's rows (fleets spec §2 Fleet settings, §5 transfer rules): an action the user
 * may not take shows as its button, disabled, with the reason beside it and as the button's
 * description — in every row alike, never just a sentence where the button was.
 */

afterEach(cleanup);

const USER_ID = 1;

const settings = (over: Partial<FleetSettings> = {}): FleetSettings => ({
  id: 7,
  app_name: 'greenhouse',
  slug: 'acme/greenhouse',
  is_of__class: 'fleet',
  is_public: false,
  is_stored_at__repository_url: null,
  should_track_latest_release: true,
  is_accessible_by_support_until__date: null,
  organization: [{ id: 3, name: 'Acme' }],
  is_for__device_type: [],
  application_type: [],
  should_be_running__release: [],
  owns__device: 0,
  ...over,
});

/** The zone with the reads it makes already answered: the own membership and the transfer candidates. */
function renderZone({ fleet = settings(), permissions, candidates = [] }: { fleet?: FleetSettings; permissions: DangerPermissions; candidates?: TransferCandidateRow[] }) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ownFleetMembershipQuery(USER_ID, fleet.id).queryKey, null);
  queryClient.setQueryData(transferCandidatesQuery(USER_ID, fleet.app_name).queryKey, candidates);
  return renderWithProviders(<DangerZone fleet={fleet} userId={USER_ID} permissions={permissions} />, { queryClient });
}

/** The row of the zone headed `title`. */
async function row(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.parentElement!.parentElement!;
}

/** The row's button, which must be disabled and described by `reason` (shown beside it as well). */
function expectDisabledWithReason(scope: HTMLElement, button: string, reason: string) {
  const control = within(scope).getByRole('button', { name: button }) as HTMLButtonElement;
  expect(control.disabled).toBe(true);
  const describedBy = control.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  expect(document.getElementById(describedBy!)?.textContent).toBe(reason);
  expect(within(scope).getByText(reason, { selector: 'p' })).toBeTruthy();
}

const NO_PERMISSION = 'You do not have the required permission for this action';

describe('DangerZone', () => {
  it('a user who may neither transfer nor delete sees both buttons disabled with the reason, like the remove-access row', async () => {
    renderZone({ permissions: { canTransfer: false, canDelete: false } });
    expectDisabledWithReason(await row('Transfer ownership'), 'Transfer', NO_PERMISSION);
    expectDisabledWithReason(await row('Delete fleet'), 'Delete', NO_PERMISSION);
    expectDisabledWithReason(
      await row('Remove your access'),
      'Remove access',
      'Your access comes from the organization or a team, not from a membership of this fleet: there is no membership to remove here.',
    );
  });

  it('a fleet with devices, or no organization to move it to, disables Transfer with the reason', async () => {
    renderZone({ fleet: settings({ owns__device: 2 }), permissions: { canTransfer: true, canDelete: true } });
    expectDisabledWithReason(await row('Transfer ownership'), 'Transfer', 'A fleet with devices cannot be transferred. Move or delete its devices first.');
    cleanup();
    renderZone({ permissions: { canTransfer: true, canDelete: true }, candidates: [{ id: 3, name: 'Acme', role: 'administrator', applicationNames: ['greenhouse'] }] });
    expectDisabledWithReason(
      await row('Transfer ownership'),
      'Transfer',
      'No organization to transfer to: you need to be an administrator or developer of another organization with no fleet named greenhouse.',
    );
  });

  it('offers the transfer when there is an organization to move the fleet to', async () => {
    renderZone({ permissions: { canTransfer: true, canDelete: true }, candidates: [{ id: 4, name: 'Elsewhere', role: 'administrator', applicationNames: [] }] });
    const transfer = await row('Transfer ownership');
    expect(within(transfer).getByRole('combobox', { name: 'Organization' })).toBeTruthy();
    expect(within(transfer).queryByTestId('disabled-reason')).toBeNull();
    expect((within(await row('Delete fleet')).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
