// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostAppPolicy, osReleasesOf } from '@flotilla/core/os-releases';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { deviceFixture } from '../../../test/device-fixture.ts';
import { queryClientWithFleetRole } from '../../../test/fleet-role.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { hostOsReleasesQuery, supervisorReleasesQuery, type HostOsReleases } from '../api/os-update.queries.ts';
import { DeviceOsUpdateSection } from './DeviceOsUpdateSection.tsx';
import { DeviceSupervisorUpdateSection } from './DeviceSupervisorUpdateSection.tsx';
import { OsUpdateActionStatus } from './OsUpdateProgress.tsx';
import { OsVersionValue } from './OsVersionValue.tsx';

/**
 * The OS and supervisor update sections with the user's role, the device and the published
 * versions as the cache holds them, and the requests they send (fetch stubbed at the boundary).
 */
const SLUG = 'raspberrypi4-64';

/** The fixture device on balenaOS 6.0.0 and supervisor 17.0.0, its type without a contract. */
function makeDevice(overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return deviceFixture({
    os_version: 'balenaOS 6.0.0',
    supervisor_version: '17.0.0',
    is_of__device_type: [{ slug: SLUG, name: 'Raspberry Pi 4', contract: null }],
    ...overrides,
  });
}

function hostReleases(minTakeoverVersion?: string): HostOsReleases {
  const defaults = osReleasesOf(
    [
      { id: 1, raw_version: '6.1.4', variant: '', phase: 'next' },
      { id: 2, raw_version: '6.0.13', variant: '', phase: 'current' },
      { id: 3, raw_version: '6.0.0', variant: '', phase: 'current' },
      { id: 4, raw_version: '5.3.21', variant: '', phase: 'sunset' },
    ],
    hostAppPolicy([]),
  );
  const esr = osReleasesOf(
    [{ id: 10, raw_version: '2025.1.0', variant: '', phase: null, release_tag: [{ tag_key: 'meta-balena-base', value: '6.1.4' }] }],
    hostAppPolicy([{ tag_key: 'release-policy', value: 'esr' }, { tag_key: 'esr-current', value: '2025.1' }]),
  );
  return { releases: [...defaults, ...esr], minTakeoverVersion, changelogUrl: 'https://changes.example.test/v{version}' };
}

const requests: Array<{ method: string; path: string; body: unknown }> = [];

beforeEach(() => {
  requests.length = 0;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      requests.push({ method, path: decodeURIComponent(url.pathname), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const body = url.pathname.startsWith('/actions/')
        ? { id: 'c'.repeat(32), action: 'resinhup', status: 'in_progress', parameters: { target_version: '6.1.4' }, type: 'balenahup' }
        : { d: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactElement, { fleetRole, host = hostReleases(), supervisors = [{ id: 21, rawVersion: '17.1.2' }, { id: 22, rawVersion: '17.0.0' }, { id: 23, rawVersion: '16.4.6' }] }: {
  fleetRole: string;
  host?: HostOsReleases;
  supervisors?: Array<{ id: number; rawVersion: string }>;
}) {
  const client = queryClientWithFleetRole(fleetRole);
  client.setQueryData(hostOsReleasesQuery(SLUG).queryKey, host);
  client.setQueryData(supervisorReleasesQuery(SLUG).queryKey, supervisors);
  return renderWithProviders(ui, { queryClient: client });
}

async function openOptions(name: string): Promise<HTMLElement[]> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name }));
  return within(await screen.findByRole('listbox')).getAllByRole('option');
}

describe('DeviceOsUpdateSection', () => {
  it('offers the newer versions, lists the running one as not selectable, and starts the update after confirming', async () => {
    renderWith(<DeviceOsUpdateSection device={makeDevice()} />, { fleetRole: 'safe-operator' });
    const options = await openOptions('Target version');
    const running = options.find((o) => o.textContent?.startsWith('6.0.0'))!;
    expect(running.getAttribute('aria-disabled')).toBe('true');
    expect(running.textContent).toContain('(running)');
    expect(options.find((o) => o.textContent?.startsWith('5.3.21'))?.textContent).toContain('(not supported)');
    fireEvent.click(options.find((o) => o.textContent?.startsWith('6.1.4'))!);
    fireEvent.click(screen.getByRole('button', { name: 'Start OS update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the host OS to 6.1.4?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start update' }));
    expect(await screen.findByText('OS update to 6.1.4 started')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')).toEqual({ method: 'POST', path: '/actions/v2/abc123/resinhup', body: { parameters: { target_version: '6.1.4' } } });
    expect(await screen.findByTestId('os-update-action')).toHaveProperty('textContent', 'OS update to 6.1.4: in progress');
  });

  it('asks the device name typed for a takeover (data loss, no rollback)', async () => {
    renderWith(<DeviceOsUpdateSection device={makeDevice()} />, { fleetRole: 'operator', host: hostReleases('6.0.50') });
    const options = await openOptions('Target version');
    const takeover = options.find((o) => o.textContent?.startsWith('6.1.4'))!;
    expect(takeover.textContent).toContain('takeover');
    // The mark's text is the dark warning orange (5.5:1 on white), not the theme's 3.1:1 one.
    const mark = within(takeover).getByText('takeover').closest('.MuiChip-root')!;
    expect(getComputedStyle(mark).color).toBe('rgb(179, 71, 0)');
    fireEvent.click(takeover);
    fireEvent.click(screen.getByRole('button', { name: 'Start OS update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Takeover update to 6.1.4' });
    expect(within(dialog).getByText(/cannot be rolled back/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Start update' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type greenhouse-1 to confirm'), { target: { value: 'greenhouse-1' } });
    expect(confirm.disabled).toBe(false);
  });

  it('marks ESR versions and lists them under their own OS type', async () => {
    renderWith(<DeviceOsUpdateSection device={makeDevice({ os_version: 'balenaOS 6.0.13' })} />, { fleetRole: 'operator' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'OS type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ESR (production, enterprise plan only)' }));
    const options = await openOptions('Target version');
    expect(options.map((o) => o.textContent)).toEqual(['2025.1.0currentESR']);
  });

  it('is disabled with the reason for an offline device, and shows the update in progress', async () => {
    renderWith(<DeviceOsUpdateSection device={makeDevice({ is_connected_to_vpn: false, update_status: 'downloading' })} />, { fleetRole: 'operator' });
    expect((await screen.findByTestId('os-update-block')).textContent).toBe('The device must be online to update its OS');
    expect((screen.getByRole('button', { name: 'Start OS update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Update in progress: Downloading')).toBeTruthy();
  });

  it('says there is no version when the device runs the newest and no ESR line is published', async () => {
    const host = hostReleases();
    const defaultsOnly = { ...host, releases: host.releases.filter((r) => r.osType === 'default') };
    renderWith(<DeviceOsUpdateSection device={makeDevice({ os_version: 'balenaOS 6.1.4' })} />, { fleetRole: 'operator', host: defaultsOnly });
    expect((await screen.findByTestId('os-update-block')).textContent).toBe('No versions available');
  });

  it('shows no form to a role without resin.device.actions-proxy-hup', async () => {
    renderWith(<DeviceOsUpdateSection device={makeDevice()} />, { fleetRole: 'observer' });
    expect(await screen.findByText('You do not have permission to do this on this device')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('DeviceSupervisorUpdateSection', () => {
  it('offers every version but the running one and sets the supervisor release', async () => {
    renderWith(<DeviceSupervisorUpdateSection device={makeDevice()} />, { fleetRole: 'operator' });
    const options = await openOptions('Target version');
    expect(options.map((o) => o.textContent)).toEqual(['17.1.2', '16.4.6']);
    fireEvent.click(options[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Update supervisor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the supervisor to 17.1.2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Supervisor update to 17.1.2 requested')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')).toEqual({ method: 'PATCH', path: '/v7/device(42)', body: { should_be_managed_by__release: 21 } });
  });

  it.each([
    ['an ESR device', { os_version: 'balenaOS 2025.1.0' }, undefined, 'Cannot update the ESR supervisor'],
    ['no versions', {}, [], 'No versions available'],
    ['only the running one', {}, [{ id: 22, rawVersion: '17.0.0' }], 'No versions available: the device already runs the only one'],
  ])('is disabled with the reason for %s', async (_name, overrides, supervisors, reason) => {
    renderWith(<DeviceSupervisorUpdateSection device={makeDevice(overrides)} />, { fleetRole: 'operator', ...(supervisors ? { supervisors } : {}) });
    expect((await screen.findByTestId('supervisor-update-block')).textContent).toBe(reason);
    expect((screen.getByRole('button', { name: 'Update supervisor' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no form to a safe operator (no resin.device.actions-proxy-supervisorupgrade)', async () => {
    renderWith(<DeviceSupervisorUpdateSection device={makeDevice()} />, { fleetRole: 'safe-operator' });
    expect(await screen.findByText('You do not have permission to do this on this device')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('OsVersionValue', () => {
  it('shows the version with its release line and changelog link', async () => {
    renderWith(<OsVersionValue device={makeDevice({ os_version: 'balenaOS 6.0.13' })} />, { fleetRole: 'observer' });
    expect(await screen.findByLabelText('Release line: current')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Changelog of balenaOS 6.0.13 (opens in a new tab)' }).getAttribute('href')).toBe('https://changes.example.test/v6.0.13');
  });

  it('shows the version alone when it is not a published release', async () => {
    renderWith(<OsVersionValue device={makeDevice({ os_version: 'balenaOS 4.0.0' })} />, { fleetRole: 'observer' });
    expect(await screen.findByText(/balenaOS 4\.0\.0/)).toBeTruthy();
    expect(screen.queryByLabelText(/Release line/)).toBeNull();
  });
});

describe('OsUpdateActionStatus', () => {
  it('says when the update status could not be read, and reads it again on Retry', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        failing
          ? new Response(JSON.stringify({ error: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ id: 'c'.repeat(32), action: 'resinhup', status: 'in_progress', parameters: { target_version: '6.1.4' }, type: 'balenahup' }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
      ),
    );
    renderWith(<OsUpdateActionStatus uuid={makeDevice().uuid} actionId={'c'.repeat(32)} />, { fleetRole: 'developer' });
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toMatch(/the OS update's status/);
    failing = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('os-update-action')).textContent).toMatch(/6\.1\.4/);
  });
});
