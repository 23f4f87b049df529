// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClientWithFleetRole, TEST_FLEET_ID, TEST_ORGANIZATION_ID } from '../../../test/fleet-role.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceServicesQuery, type DeviceServiceRow } from '../api/device-services.queries.ts';
import { DeviceServicesCard, type ServicesCardDevice } from './DeviceServicesCard.tsx';

/** The services card with the device's image installs as the cache holds them. */

afterEach(cleanup);

const device = (over: Partial<ServicesCardDevice> = {}): ServicesCardDevice => ({
  id: 42,
  uuid: 'a'.repeat(32),
  supervisor_version: '17.0.0',
  is_connected_to_vpn: true,
  belongs_to__application: [{ id: TEST_FLEET_ID, organization: { __id: TEST_ORGANIZATION_ID } }],
  ...over,
});

function renderCard(rows: DeviceServiceRow[], { role = 'developer', of = device() } = {}) {
  const queryClient = queryClientWithFleetRole(role);
  queryClient.setQueryData(deviceServicesQuery(42).queryKey, rows);
  return renderWithProviders(<DeviceServicesCard device={of} />, { queryClient });
}

const install = (id: number, service: string, status: string, progress: number | null, version: string): DeviceServiceRow => ({
  id,
  status,
  download_progress: progress,
  installs__image: [{ id, is_a_build_of__service: [{ service_name: service }] }],
  is_provided_by__release: [{ id: version === '1.0.0' ? 1 : 2, commit: `c-${version}`, raw_version: version }],
});

async function openControls(service: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^Actions\\s*${service}$`) }));
  return screen.findByRole('menu');
}

/** Each item's label and whether it is enabled (a disabled item carries its reason as secondary text). */
const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled']);

describe('DeviceServicesCard', () => {
  it('lists each service with its status in words, its release, and a bar with percent while downloading', async () => {
    renderCard([install(1, 'web', 'Running', null, '1.0.0'), install(2, 'web', 'Downloading', 35, '1.1.0'), install(3, 'db', 'Stopped', null, '1.0.0')]);
    const table = await screen.findByRole('table', { name: 'Services' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent).join(''))).toEqual(['dbStopped1.0.0', 'webDownloading35%1.1.0', 'webRunning1.0.0']);
    const bar = within(rows[1]!).getByRole('progressbar', { name: 'web: Downloading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
    expect(within(rows[0]!).queryByRole('progressbar')).toBeNull();
  });

  it('offers stop and restart for a running container and start for a stopped one, with show logs', async () => {
    renderCard([install(1, 'web', 'Running', null, '1.0.0'), install(3, 'db', 'Stopped', null, '1.0.0')]);
    expect(menuItems(await openControls('web'))).toEqual([
      ['StartNot for a container in this state', 'disabled'],
      ['Stop', 'enabled'],
      ['Restart', 'enabled'],
      ['Show logs', 'enabled'],
    ]);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    cleanup();
    renderCard([install(3, 'db', 'Stopped', null, '1.0.0')]);
    expect(menuItems(await openControls('db')).map(([label, state]) => `${label}:${state}`)).toEqual([
      'Start:enabled',
      'StopNot for a container in this state:disabled',
      'Restart:enabled',
      'Show logs:enabled',
    ]);
  });

  it('disables the controls with the reason for a supervisor below 7, a user without supervisor-proxy-write, and an offline device', async () => {
    const cases: Array<[string, { role?: string; of?: ServicesCardDevice }]> = [
      ['Needs supervisor 7.0.0 or above', { of: device({ supervisor_version: '6.6.11' }) }],
      ['You do not have permission to control containers', { role: 'safe-operator' }],
      ['The device must be online', { of: device({ is_connected_to_vpn: false }) }],
    ];
    for (const [reason, options] of cases) {
      renderCard([install(1, 'web', 'Running', null, '1.0.0')], options);
      const items = menuItems(await openControls('web'));
      expect(items.slice(0, 3), reason).toEqual([
        [`Start${reason}`, 'disabled'],
        [`Stop${reason}`, 'disabled'],
        [`Restart${reason}`, 'disabled'],
      ]);
      // Reading the logs needs none of that.
      expect(items[3]).toEqual(['Show logs', 'enabled']);
      cleanup();
    }
  });

  it('asks before stopping a container', async () => {
    renderCard([install(1, 'web', 'Running', null, '1.0.0')]);
    fireEvent.click(within(await openControls('web')).getByRole('menuitem', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop web?' });
    expect(within(dialog).getByText(/stays stopped until you start it again/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('says when the device reports no services', async () => {
    renderCard([]);
    await screen.findByText(/No services yet/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
