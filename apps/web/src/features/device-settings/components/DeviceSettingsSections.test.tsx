// @vitest-environment jsdom
import '../device-settings-catalog.ts';
import '../../device-actions/device-actions-catalog.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoveCandidate } from '@flotilla/core/device-move';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { deviceFixture } from '../../../test/device-fixture.ts';
import { queryClientWithFleetRole, TEST_FLEET_ID, TEST_ORGANIZATION_ID } from '../../../test/fleet-role.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceSettingsQuery, moveCandidatesQuery, organizationPaidQuery, type DeviceSettingsExtra } from '../api/device-settings.queries.ts';
import { DeactivateSection } from './DeactivateSection.tsx';
import { LocalModeSection } from './LocalModeSection.tsx';
import { MoveSection } from './MoveSection.tsx';
import { ReleaseSection } from './ReleaseSection.tsx';
import { fleetReleasesQuery } from '../../fleet-settings/api/fleet-settings.queries.ts';

/**
 * The sections whose decisions live in the component: which reason shows and whether the control
 * is enabled (local mode, deactivate), and which fleets and warnings the move offers — with the
 * user's roles and the organization's plan as the cache holds them, and the writes they send.
 */
const FLEET = TEST_FLEET_ID;
const ORG = TEST_ORGANIZATION_ID;
const DEVICE_ID = 42;

const makeDevice = deviceFixture;

const requests: Array<{ method: string; path: string; body: unknown }> = [];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      if (method === 'GET') return new Response(JSON.stringify({ d: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      requests.push({ method, path: decodeURIComponent(url.pathname), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(method === 'POST' ? JSON.stringify({ id: 1 }) : null, { status: method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

interface Setup {
  fleetRole: string;
  /** The organization's plan as the cache holds it; null leaves it to the (stubbed) API. */
  isPaid?: boolean | null;
  extra?: DeviceSettingsExtra;
  candidates?: MoveCandidate[];
}

function renderSection(ui: (device: DeviceDetail) => React.ReactElement, device: DeviceDetail, setup: Setup) {
  const client = queryClientWithFleetRole(setup.fleetRole);
  if (setup.isPaid !== null) client.setQueryData(organizationPaidQuery(ORG).queryKey, setup.isPaid ?? true);
  client.setQueryData(deviceSettingsQuery(device.uuid).queryKey, setup.extra ?? { pinnedRelease: null, cpuArchitecture: 'aarch64' });
  client.setQueryData(moveCandidatesQuery(1, [ORG]).queryKey, setup.candidates ?? []);
  return renderWithProviders(ui(device), { queryClient: client });
}

const developmentDevice = { os_version: 'balenaOS 6.0.0', os_variant: 'dev', supervisor_version: '17.0.0' };

beforeEach(() => {
  requests.length = 0;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LocalModeSection (fleets spec §4 "Device toggles", §5 local mode)', () => {
  it('refuses a production device with the reason', async () => {
    renderSection((d) => <LocalModeSection device={d} />, makeDevice(), { fleetRole: 'operator' });
    expect(await screen.findByText('This device does not support local mode')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Local mode' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('turns local mode on for a provisioned development device with the variable set to 1', async () => {
    renderSection((d) => <LocalModeSection device={d} />, makeDevice(developmentDevice), { fleetRole: 'operator' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Local mode' }));
    expect(await screen.findByText('Local mode enabled')).toBeTruthy();
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v7/device_config_variable', body: { device: DEVICE_ID, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' } });
  });

  it('lets a device already in local mode leave it even where it could not enter it, setting the variable it has to 0', async () => {
    const device = makeDevice({ device_config_variable: [{ name: 'RESIN_SUPERVISOR_LOCAL_MODE', value: '1' }] });
    renderSection((d) => <LocalModeSection device={d} />, device, { fleetRole: 'operator' });
    const toggle = (await screen.findByRole('switch', { name: 'Local mode' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('Local mode disabled')).toBeTruthy();
    expect(requests[0]).toMatchObject({ method: 'POST', body: { device: DEVICE_ID, name: 'RESIN_SUPERVISOR_LOCAL_MODE', value: '0' } });
  });

  it('needs device configuration variables: a limited operator is told so', async () => {
    renderSection((d) => <LocalModeSection device={d} />, makeDevice(developmentDevice), { fleetRole: 'safe-operator' });
    expect(await screen.findByText('You do not have permission to do this on this device')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Local mode' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('DeactivateSection (fleets spec §4, §5 deactivate)', () => {
  const button = () => screen.getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement;

  it.each([
    ['a free plan', { isPaid: false }, makeDevice({ is_connected_to_vpn: false }), 'Upgrade your plan to enable deactivation'],
    ['an inactive device', {}, makeDevice({ is_connected_to_vpn: false, is_active: false }), 'The device is already inactive'],
    ['an online device', {}, makeDevice(), 'The device must be offline'],
  ])('disables it for %s with the reason', async (_label, setup, device, reason) => {
    renderSection((d) => <DeactivateSection device={d} />, device, { fleetRole: 'operator', ...setup });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(button().disabled).toBe(true);
  });

  it('needs application deactivate-device: a limited operator is told so', async () => {
    renderSection((d) => <DeactivateSection device={d} />, makeDevice({ is_connected_to_vpn: false }), { fleetRole: 'safe-operator' });
    expect(await screen.findByText('You do not have permission to do this on this device')).toBeTruthy();
    expect(button().disabled).toBe(true);
  });

  it('deactivates an offline active device on a paid plan once confirmed, stating the fee', async () => {
    renderSection((d) => <DeactivateSection device={d} />, makeDevice({ is_connected_to_vpn: false }), { fleetRole: 'operator' });
    expect(await screen.findByText('Deactivating costs a one-time fee equal to one undiscounted device month.')).toBeTruthy();
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate greenhouse-1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('greenhouse-1 deactivated')).toBeTruthy();
    expect(requests).toEqual([{ method: 'PATCH', path: `/v7/device(${DEVICE_ID})`, body: { is_active: false } }]);
  });

  it('says the plan could not be read, with Retry, instead of a disabled button without a reason', async () => {
    let isFailing = true;
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (new URL(String(input), 'http://localhost').pathname !== '/v7/subscription') return json({ d: [] });
        return isFailing ? json({ error: 'Database unavailable' }, 500) : json({ d: [{ id: 1, is_for__plan: [{ billing_code: 'pro' }] }] });
      }),
    );
    renderSection((d) => <DeactivateSection device={d} />, makeDevice({ is_connected_to_vpn: false }), { fleetRole: 'operator', isPaid: null });
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain("Could not load the organization's plan");
    expect(alert.textContent).toContain('Database unavailable');
    expect(button().disabled).toBe(true);

    isFailing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(screen.queryByTestId('error-state')).toBeNull();
  });
});

describe('MoveSection (fleets spec §5 "Move", §8 warnings)', () => {
  const fleet = (over: Partial<MoveCandidate>): MoveCandidate => ({ id: 0, name: '', cpuArchitecture: 'aarch64', organizationId: ORG, fleetRole: 'developer', teamRoles: [], ...over });
  const candidates = [
    fleet({ id: FLEET, name: 'greenhouse' }),
    fleet({ id: 8, name: 'sibling' }),
    fleet({ id: 9, name: 'nuc', cpuArchitecture: 'amd64' }),
    fleet({ id: 10, name: 'watched', fleetRole: 'observer' }),
    fleet({ id: 11, name: 'team-run', fleetRole: null, teamRoles: ['operator'] }),
  ];

  it('offers only other compatible fleets the user may move into, and moves to the fleet page', async () => {
    const { router } = renderSection((d) => <MoveSection device={d} />, makeDevice(), { fleetRole: 'operator', candidates });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Fleet' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['sibling', 'team-run']);
    fireEvent.click(screen.getByRole('option', { name: 'sibling' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move greenhouse-1 to sibling?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleets/8'));
    expect(requests).toEqual([{ method: 'PATCH', path: `/v7/device(${DEVICE_ID})`, body: { belongs_to__application: 8 } }]);
  });

  it('warns of the data folder below OS 2.12.0 and, as a danger, of the lost pin', async () => {
    const extra = { pinnedRelease: { id: 5, commit: 'abcdef1234', raw_version: '1.0.0' }, cpuArchitecture: 'aarch64' };
    renderSection((d) => <MoveSection device={d} />, makeDevice({ os_version: 'balenaOS 2.10.0' }), { fleetRole: 'operator', candidates, extra });
    const data = await screen.findByText(/its data folder is not carried over/);
    const pin = screen.getByText(/the pin is lost/);
    expect(data.closest('[role="alert"]')?.className).toMatch(/MuiAlert-colorWarning/);
    expect(pin.closest('[role="alert"]')?.className).toMatch(/MuiAlert-colorError/);
  });

  it('says when no fleet runs the architecture, and when the user may move into none that does', async () => {
    renderSection((d) => <MoveSection device={d} />, makeDevice(), { fleetRole: 'operator', candidates: [fleet({ id: 9, name: 'nuc', cpuArchitecture: 'amd64' })] });
    expect(await screen.findByText('No applications with compatible architecture')).toBeTruthy();
    cleanup();
    renderSection((d) => <MoveSection device={d} />, makeDevice(), { fleetRole: 'operator', candidates: [fleet({ id: 10, name: 'watched', fleetRole: 'observer' })] });
    expect(await screen.findByText('Insufficient permission for moving to a fleet')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('needs resin.device.move on the device: a limited operator is told so', async () => {
    renderSection((d) => <MoveSection device={d} />, makeDevice(), { fleetRole: 'safe-operator', candidates });
    expect(await screen.findByText('You do not have permission to do this on this device')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('release section', () => {
  const oneRelease = [{ id: 5, commit: 'abcdef0123456789', raw_version: '1.0.0', created_at: '2026-11-01T00:00:00.000Z', is_final: true, is_invalidated: false }];

  /** The section for a device not pinned, in a fleet with one release, as `fleetRole` sees it; resolves to its "pin" radio. */
  async function pinRadio(fleetRole: string): Promise<HTMLInputElement> {
    const device = makeDevice();
    const client = queryClientWithFleetRole(fleetRole);
    client.setQueryData(deviceSettingsQuery(device.uuid).queryKey, { pinnedRelease: null, cpuArchitecture: 'aarch64' } as unknown as DeviceSettingsExtra);
    client.setQueryData(fleetReleasesQuery(FLEET).queryKey, oneRelease);
    renderWithProviders(<ReleaseSection device={device} />, { queryClient: client });
    return (await screen.findByRole('radio', { name: /pin/i })) as HTMLInputElement;
  }

  it('leaves an observer no choice: both radios are disabled, "pin" too', async () => {
    const pin = await pinRadio('observer');
    const track = screen.getByRole('radio', { name: /track/i }) as HTMLInputElement;
    expect(track.disabled).toBe(true);
    expect(pin.disabled).toBe(true);
  });

  it('lets a developer choose to pin when the fleet has a release', async () => {
    const pin = await pinRadio('developer');
    await waitFor(() => expect(pin.disabled).toBe(false));
  });

  it('keeps focus in the form after Apply pins the device (the form is not replaced by the refreshed pin)', async () => {
    // The device as the API answers once pinned: its settings read returns the new pin.
    const pinnedRow = {
      id: DEVICE_ID,
      is_pinned_on__release: [{ id: 5, commit: 'abcdef0123456789', raw_version: '1.0.0' }],
      is_of__device_type: [{ id: 1, slug: 'raspberrypi4-64', is_of__cpu_architecture: [{ slug: 'aarch64' }] }],
    };
    const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = decodeURIComponent(String(input));
        const method = init.method ?? 'GET';
        if (method !== 'GET') {
          requests.push({ method, path: new URL(url, 'http://localhost').pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
          return answer({});
        }
        return answer({ d: url.includes('is_pinned_on__release') && requests.length > 0 ? [pinnedRow] : [] });
      }),
    );
    const pin = await pinRadio('developer');
    await waitFor(() => expect(pin.disabled).toBe(false));
    fireEvent.click(pin);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Release' }));
    fireEvent.click(await screen.findByRole('option', { name: /1\.0\.0/ }));
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    await waitFor(() => expect(apply.disabled).toBe(false));
    apply.focus();
    fireEvent.click(apply);

    expect(await screen.findByText('Pinned to 1.0.0 (abcdef0).')).toBeTruthy();
    expect(requests).toEqual([expect.objectContaining({ method: 'PATCH', body: { is_pinned_on__release: 5 } })]);
    // Still the same Apply button (now disabled: nothing to apply), in the page, not the body.
    expect(apply.isConnected).toBe(true);
    expect(document.activeElement).not.toBe(document.body);
    expect(apply.disabled).toBe(true);
  });
});
