// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithFleetRole, TEST_FLEET_ID, TEST_ORGANIZATION_ID } from '../../../test/fleet-role.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceServicesQuery, type DeviceServiceRow } from '../../device-services/api/device-services.queries.ts';
import { DeviceTerminalCard, type TerminalCardDevice } from './DeviceTerminalCard.tsx';

/** The terminal card's tabs and the §5 reasons, with the device's installs as the cache holds them (no session is started). */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const device = (over: Partial<TerminalCardDevice> = {}): TerminalCardDevice => ({
  id: 42,
  uuid: 'a'.repeat(32),
  os_version: 'balenaOS 6.0.13',
  is_connected_to_vpn: true,
  device_config_variable: [],
  belongs_to__application: [{ id: TEST_FLEET_ID, organization: { __id: TEST_ORGANIZATION_ID } }],
  ...over,
});

const install = (id: number, service: string, status: string): DeviceServiceRow => ({
  id,
  status,
  download_progress: null,
  installs__image: [{ id, is_a_build_of__service: [{ service_name: service }] }],
  is_provided_by__release: [{ id: 1, commit: 'c', raw_version: '1.0.0' }],
});

function renderCard(rows: DeviceServiceRow[], { role = 'developer', of = device() } = {}) {
  const queryClient = queryClientWithFleetRole(role);
  queryClient.setQueryData(deviceServicesQuery(42).queryKey, rows);
  return renderWithProviders(<DeviceTerminalCard device={of} />, { queryClient });
}

async function selectTab(name: string) {
  const tabs = await screen.findByRole('tablist', { name: 'Terminal targets' });
  fireEvent.click(within(tabs).getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

describe('DeviceTerminalCard', () => {
  it('has a tab for the host OS and one per service, and offers to start a session where the rules allow', async () => {
    renderCard([install(2, 'web', 'Running'), install(1, 'db', 'Stopped')]);
    const tabs = await screen.findByRole('tablist', { name: 'Terminal targets' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Host OS', 'db', 'web']);
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Start terminal session' })).toBeTruthy();
    expect(within(await selectTab('web')).getByRole('button', { name: 'Start terminal session' })).toBeTruthy();
    expect((await selectTab('db')).textContent).toBe('Terminal access is only available for running containers.');
  });

  it('says why a tab cannot start: no permission (observer), local mode, an old host OS', async () => {
    renderCard([install(2, 'web', 'Running')], { role: 'observer' });
    expect((await selectTab('web')).textContent).toBe('You do not have permission to open a terminal here.');
    cleanup();
    renderCard([install(2, 'web', 'Running')], { of: device({ device_config_variable: [{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }], os_version: 'Resin OS 2.0.0' }) });
    expect((await selectTab('web')).textContent).toBe('Container access is not available in local mode.');
    expect((await selectTab('Host OS')).textContent).toBe('Host OS access is only available for newer OS versions.');
  });

  it('still offers the session of an offline device, saying it retries until cloudlink is back', async () => {
    renderCard([install(2, 'web', 'Running')], { of: device({ is_connected_to_vpn: false }) });
    const panel = await selectTab('web');
    expect(panel.textContent).toContain('unavailable while cloudlink is not connected');
    expect(within(panel).getByRole('button', { name: 'Start terminal session' })).toBeTruthy();
  });

  it('says when the roles could not be read, with Retry, instead of "You do not have permission"', async () => {
    // The organization roles are not in the cache: their read goes to the API, which fails until it is back.
    const api = { isUp: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        api.isUp
          ? new Response(JSON.stringify({ d: [{ id: 1, is_member_of__organization: { __id: TEST_ORGANIZATION_ID }, organization_membership_role: [{ name: 'member' }] }] }), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ error: 'Database unavailable' }), { status: 500, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const queryClient = queryClientWithFleetRole('developer');
    queryClient.removeQueries({ queryKey: organizationRolesQuery(1).queryKey });
    queryClient.setQueryData(deviceServicesQuery(42).queryKey, [install(2, 'web', 'Running')]);
    renderWithProviders(<DeviceTerminalCard device={device()} />, { queryClient });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your permissions');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByText('You do not have permission to open a terminal here.')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    api.isUp = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await selectTab('web')).getByRole('button', { name: 'Start terminal session' })).toBeTruthy();
  });
});
