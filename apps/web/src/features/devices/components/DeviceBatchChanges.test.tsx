// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoveCandidate } from '@flotilla/core/device-move';
import '../devices-catalog.ts';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { queryClientWithFleetRole, TEST_FLEET_ID, TEST_ORGANIZATION_ID } from '../../../test/fleet-role.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { moveCandidatesQuery } from '../../device-settings/api/device-settings.queries.ts';
import { fleetReleasesQuery, type ReleaseChoice } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { selectedDevicesQuery } from '../api/device-selection.queries.ts';
import type { BatchDevice } from '../device-batch.ts';
import { DeviceBatchActions } from './DeviceBatchActions.tsx';
import DeviceBatchMoveDialog from './DeviceBatchMoveDialog.tsx';
import DeviceBatchPinDialog from './DeviceBatchPinDialog.tsx';

/**
 * The device list's batch move and pin (fleets spec §5 "Move", "Forms", §6 "Device actions",
 * §4 "Batch actions", §8 "Batch failures"): which fleets and releases the dialogs offer, the
 * warnings, the submit disabled with its reason, one PATCH per device and how the outcome is
 * told; and the menu's items disabled with the reason for a role without the permission.
 */
const FLEET = TEST_FLEET_ID;
const ORG = TEST_ORGANIZATION_ID;

interface StubDevice {
  id: number;
  name: string;
  os?: string | null;
  pinnedOn?: number | null;
  arch?: string | null;
}

const requests: Array<{ method: string; path: string; body: unknown }> = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the dialogs read it: the selected devices as OData rows; PATCHes recorded, those of `failing` device ids refused with the message. */
function stubApi(devices: StubDevice[], failing: ReadonlyMap<number, string> = new Map()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        if (path !== '/v7/device') return json({ d: [] });
        return json({
          d: devices.map((d) => ({
            id: d.id,
            uuid: `uuid-${d.id}`,
            device_name: d.name,
            os_version: d.os === undefined ? 'balenaOS 6.0.0' : d.os,
            is_pinned_on__release: d.pinnedOn ? { __id: d.pinnedOn } : null,
            is_of__device_type: d.arch === null ? [] : [{ id: 1, is_of__cpu_architecture: [{ slug: d.arch ?? 'aarch64' }] }],
          })),
        });
      }
      requests.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const id = Number(/\((\d+)\)/.exec(path)?.[1]);
      const refusal = failing.get(id);
      return refusal ? json({ error: refusal }, 400) : json({});
    }),
  );
}

const candidate = (over: Partial<MoveCandidate>): MoveCandidate => ({ id: 0, name: '', cpuArchitecture: 'aarch64', organizationId: ORG, fleetRole: 'developer', teamRoles: [], ...over });
const CANDIDATES = [
  candidate({ id: FLEET, name: 'greenhouse' }),
  candidate({ id: 8, name: 'sibling' }),
  candidate({ id: 9, name: 'older-pis', cpuArchitecture: 'armv7hf', fleetRole: 'operator' }),
  candidate({ id: 10, name: 'nuc', cpuArchitecture: 'amd64' }),
  candidate({ id: 11, name: 'watched', fleetRole: 'observer' }),
];

function renderMove(devices: StubDevice[], { candidates = CANDIDATES, failing }: { candidates?: MoveCandidate[]; failing?: Map<number, string> } = {}) {
  stubApi(devices, failing);
  const client = queryClientWithFleetRole('operator');
  client.setQueryData(moveCandidatesQuery(1, [ORG]).queryKey, candidates);
  const onDone = vi.fn();
  renderWithProviders(<DeviceBatchMoveDialog fleetId={FLEET} ids={devices.map((d) => d.id)} onDone={onDone} onClose={() => undefined} />, { queryClient: client });
  return { onDone };
}

const release = (id: number, version: string, over: Partial<ReleaseChoice> = {}): ReleaseChoice => ({
  id, commit: `${id}abcdef0123456789`, raw_version: version, created_at: '2026-11-01T00:00:00.000Z', is_final: true, is_invalidated: false, ...over,
});

function renderPin(devices: StubDevice[], releases: ReleaseChoice[], failing?: Map<number, string>) {
  stubApi(devices, failing);
  const client = queryClientWithFleetRole('operator');
  client.setQueryData(fleetReleasesQuery(FLEET).queryKey, releases);
  const onDone = vi.fn();
  renderWithProviders(<DeviceBatchPinDialog fleetId={FLEET} ids={devices.map((d) => d.id)} onDone={onDone} onClose={() => undefined} />, { queryClient: client });
  return { onDone };
}

const submit = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const THREE = [
  { id: 1, name: 'alpha' },
  { id: 2, name: 'bravo' },
  { id: 3, name: 'charlie' },
];

beforeEach(() => {
  requests.length = 0;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DeviceBatchMoveDialog (fleets spec §5 "Move", "Forms")', () => {
  it('offers the other fleets every selected device runs and the user may move into, and moves each device once a fleet is chosen', async () => {
    const { onDone } = renderMove(THREE);
    await screen.findByRole('dialog', { name: 'Move 3 devices to another fleet' });
    // Disabled until a fleet is chosen, with the message (§5 "Forms").
    expect(await screen.findByText('All fields must be filled in')).toBeTruthy();
    expect(submit('Move').disabled).toBe(true);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Fleet' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['older-pis', 'sibling']);
    fireEvent.click(screen.getByRole('option', { name: 'sibling' }));
    await waitFor(() => expect(submit('Move').disabled).toBe(false));
    expect(screen.queryByText('All fields must be filled in')).toBeNull();
    expect(within(screen.getByTestId('batch-confirm-names')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['alpha', 'bravo', 'charlie']);

    fireEvent.click(submit('Move'));
    expect(await screen.findByText('Operation completed successfully')).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
    expect(requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`).sort()).toEqual([
      'PATCH /v7/device(1) {"belongs_to__application":8}',
      'PATCH /v7/device(2) {"belongs_to__application":8}',
      'PATCH /v7/device(3) {"belongs_to__application":8}',
    ]);
  });

  it('leaves out a fleet one selected device cannot run (an armv7hf device among aarch64 ones)', async () => {
    renderMove([{ id: 1, name: 'alpha' }, { id: 2, name: 'pi3', arch: 'armv7hf' }]);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Fleet' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['older-pis']);
  });

  it('warns when any device is older than OS 2.12.0 and, as a danger, when any is pinned, with the counts', async () => {
    renderMove([{ id: 1, name: 'alpha', os: 'balenaOS 2.10.0', pinnedOn: 5 }, { id: 2, name: 'bravo', pinnedOn: 5 }, { id: 3, name: 'charlie' }]);
    const data = await screen.findByText('1 of the selected devices runs an OS older than 2.12.0: its data folder is not carried over to the new fleet.');
    const pin = screen.getByText(/^2 of the selected devices are pinned to a release: the pins are lost/);
    expect(data.closest('[role="alert"]')?.className).toMatch(/MuiAlert-colorWarning/);
    expect(pin.closest('[role="alert"]')?.className).toMatch(/MuiAlert-colorError/);
    // The pins are lost: the button says it is dangerous.
    expect(submit('Move').className).toMatch(/MuiButton-colorError/);
  });

  it('shows no warning when every device runs OS 2.12.0 or later and none is pinned', async () => {
    renderMove([{ id: 1, name: 'alpha', os: 'balenaOS 2.12.0' }, { id: 2, name: 'bravo' }]);
    await screen.findByRole('combobox', { name: 'Fleet' });
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('says when no fleet runs every device, and when the user may move into none that does', async () => {
    renderMove([{ id: 1, name: 'alpha' }, { id: 2, name: 'nuc-1', arch: 'amd64' }]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No applications with compatible architecture');
    expect(submit('Move').disabled).toBe(true);
    expect(screen.queryByRole('combobox')).toBeNull();
    cleanup();
    renderMove(THREE, { candidates: [candidate({ id: 11, name: 'watched', fleetRole: 'observer' })] });
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient permission for moving to a fleet');
    expect(submit('Move').disabled).toBe(true);
  });

  it.each([
    ['partial', new Map([[2, 'You may not move devices to this fleet']]), 'The operation failed for 1 of the selected items with: You may not move devices to this fleet'],
    ['total', new Map(THREE.map((d) => [d.id, 'Device type is not compatible'])), 'Operation failed with: Device type is not compatible'],
  ])('tells a %s failure as the spec words it (§8 "Batch failures")', async (_kind, failing, message) => {
    const { onDone } = renderMove(THREE, { failing });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Fleet' }));
    fireEvent.click(await screen.findByRole('option', { name: 'sibling' }));
    fireEvent.click(submit('Move'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
    expect(requests).toHaveLength(3);
  });
});

describe('DeviceBatchPinDialog (pin to release for several devices)', () => {
  const RELEASES = [release(31, '1.2.0'), release(30, '1.1.0', { is_invalidated: true }), release(29, '1.0.0')];

  it("offers the fleet's valid releases, needs one chosen, and pins each device to it", async () => {
    const { onDone } = renderPin(THREE, RELEASES);
    await screen.findByRole('dialog', { name: 'Release of 3 devices' });
    expect((await screen.findByRole('radio', { name: 'Pin to a release' }) as HTMLInputElement).checked).toBe(true);
    expect(submit('Apply').disabled).toBe(true);
    expect(screen.getByText('All fields must be filled in')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Release' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['1.2.0 (31abcde)', '1.0.0 (29abcde)']);
    fireEvent.click(screen.getByRole('option', { name: '1.0.0 (29abcde)' }));
    await waitFor(() => expect(submit('Apply').disabled).toBe(false));
    fireEvent.click(submit('Apply'));
    expect(await screen.findByText('Pinned to release')).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
    expect(requests.map((r) => `${r.path} ${JSON.stringify(r.body)}`).sort()).toEqual([
      '/v7/device(1) {"is_pinned_on__release":29}',
      '/v7/device(2) {"is_pinned_on__release":29}',
      '/v7/device(3) {"is_pinned_on__release":29}',
    ]);
  });

  it('makes the devices track the fleet again', async () => {
    renderPin(THREE, RELEASES);
    fireEvent.click(await screen.findByRole('radio', { name: 'Track fleet' }));
    expect(screen.queryByRole('combobox', { name: 'Release' })).toBeNull();
    await waitFor(() => expect(submit('Apply').disabled).toBe(false));
    fireEvent.click(submit('Apply'));
    expect(await screen.findByText('Operation completed successfully')).toBeTruthy();
    expect(requests.map((r) => JSON.stringify(r.body))).toEqual(Array(3).fill('{"is_pinned_on__release":null}'));
  });

  it('leaves only tracking when the fleet has no valid release', async () => {
    renderPin(THREE, [release(30, '1.1.0', { is_invalidated: true })]);
    expect(await screen.findByText('The fleet has no successful release to pin to yet.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Pin to a release' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Track fleet' }) as HTMLInputElement).checked).toBe(true);
    expect(submit('Apply').disabled).toBe(false);
  });

  it('tells a partial failure with the count and the first message', async () => {
    renderPin(THREE, RELEASES, new Map([[3, 'Release not found']]));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Release' }));
    fireEvent.click(await screen.findByRole('option', { name: '1.2.0 (31abcde)' }));
    fireEvent.click(submit('Apply'));
    expect(await screen.findByText('The operation failed for 1 of the selected items with: Release not found')).toBeTruthy();
  });
});

describe('the selection menu: move and pin by role (fleets spec §6 "Device actions")', () => {
  const selected: BatchDevice[] = [1, 2].map((id) => ({
    id,
    uuid: `uuid-${id}`,
    name: `device-${id}`,
    forActions: {
      is_connected_to_vpn: true, is_active: true, supervisor_version: '17.0.0', os_version: 'balenaOS 6.0.0', os_variant: 'prod',
      last_connectivity_event: '2026-11-25T10:00:00.000Z', isInLocalMode: false, supportsBlink: true,
    },
  }));

  async function renderMenu(fleetRole: string) {
    stubApi([{ id: 1, name: 'device-1' }, { id: 2, name: 'device-2' }]);
    const client = queryClientWithFleetRole(fleetRole);
    client.setQueryData(selectedDevicesQuery(FLEET, [1, 2]).queryKey, selected);
    client.setQueryData(moveCandidatesQuery(1, [ORG]).queryKey, CANDIDATES);
    renderWithProviders(
      <DeviceBatchActions
        fleetId={FLEET}
        organizationId={ORG}
        ids={new Set([1, 2])}
        clearSelection={() => undefined}
        onLocked={() => undefined}
        running={null}
        onRunningChange={() => undefined}
        onShownChange={() => undefined}
      />,
      { queryClient: client },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  }
  const item = (name: string) => screen.findByRole('menuitem', { name: new RegExp(`^${name}`) });

  it.each([
    ['observer', 'Your role in this fleet does not allow moving devices', "Your role in this fleet does not allow changing the devices' release"],
    ['safe-operator', 'Your role in this fleet does not allow moving devices', null],
    ['operator', null, null],
    ['developer', null, null],
  ])('%s: move disabled with %s, pin with %s', async (role, moveReason, pinReason) => {
    await renderMenu(role);
    for (const [name, reason] of [['Move to another fleet', moveReason], ['Pin to a release', pinReason]] as const) {
      const menuItem = await item(name);
      await waitFor(() => expect(menuItem.getAttribute('aria-disabled') === 'true', name).toBe(reason !== null));
      if (reason) expect(menuItem.textContent).toContain(reason);
    }
  });

  it('opens the move dialog, loaded when chosen', async () => {
    await renderMenu('developer');
    const move = await item('Move to another fleet');
    await waitFor(() => expect(move.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(move);
    await screen.findByRole('dialog', { name: 'Move 2 devices to another fleet' });
    expect(await screen.findByRole('combobox', { name: 'Fleet' })).toBeTruthy();
  });
});
