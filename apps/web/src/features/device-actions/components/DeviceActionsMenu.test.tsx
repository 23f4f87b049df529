// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { deviceFixture } from '../../../test/device-fixture.ts';
import { queryClientWithFleetRole, TEST_FLEET_ID } from '../../../test/fleet-role.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceActionsMenu } from './DeviceActionsMenu.tsx';

const FLEET = TEST_FLEET_ID;
const DEVICE_ID = 42;

const makeDevice = deviceFixture;

/** The API's /supervisor and device routes for one device, in memory; `locked` is the device's update lock. */
let locked = false;
let onlineDevice = true;
const requests: Array<{ method: string; path: string; body: unknown }> = [];

function reply(status: number, body: unknown, type = 'application/json') {
  return new Response(body === null ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });
}

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      if (method !== 'GET') requests.push({ method, path: url.pathname, body });
      if (url.pathname.startsWith('/supervisor/')) {
        if (!onlineDevice) return reply(404, 'No online device(s) found', 'text/plain');
        if (locked && url.pathname !== '/supervisor/v1/blink' && body?.data?.force !== true) return reply(423, 'Updates are locked', 'text/plain');
        return reply(200, 'OK', 'text/plain');
      }
      if (method === 'DELETE' && url.pathname === `/v7/device(${DEVICE_ID})`) return reply(200, null);
      if (method === 'GET' && url.pathname.startsWith('/v7/device')) return reply(200, { d: [makeDevice()] });
      return reply(404, { error: 'not found' });
    }),
  );
}

function renderMenu(fleetRole: string, device = makeDevice()) {
  const client = queryClientWithFleetRole(fleetRole);
  return renderWithProviders(<DeviceActionsMenu device={device} />, { queryClient: client });
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }));
  return screen.findByRole('menu');
}

const item = (menu: HTMLElement, name: RegExp) => within(menu).getByRole('menuitem', { name });

beforeEach(() => {
  locked = false;
  onlineDevice = true;
  requests.length = 0;
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DeviceActionsMenu', () => {
  it('identifies at once (no confirmation) and says it worked', async () => {
    renderMenu('operator');
    const menu = await openMenu();
    fireEvent.click(item(menu, /^Identify/));
    expect(await screen.findByText('Operation completed successfully')).toBeTruthy();
    expect(requests).toEqual([{ method: 'POST', path: '/supervisor/v1/blink', body: { deviceId: DEVICE_ID } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms a reboot; an update lock shows the warning and Force reruns it forced', { timeout: 30_000 }, async () => {
    locked = true;
    renderMenu('operator');
    fireEvent.click(item(await openMenu(), /^Reboot/));
    const confirm = await screen.findByRole('dialog', { name: 'Reboot greenhouse-1?' });
    expect(requests).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reboot' }));

    const lock = await screen.findByRole('dialog', { name: 'Update lock' });
    expect(within(lock).getByText('Action blocked by update lock')).toBeTruthy();
    expect(requests[0]).toEqual({ method: 'POST', path: '/supervisor/v1/reboot', body: { deviceId: DEVICE_ID, data: { force: false } } });
    fireEvent.click(within(lock).getByRole('button', { name: 'Force' }));
    expect(await screen.findByText('Operation completed successfully')).toBeTruthy();
    expect(requests[1]).toEqual({ method: 'POST', path: '/supervisor/v1/reboot', body: { deviceId: DEVICE_ID, data: { force: true } } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal inside the confirmation, and as a toast when there is none", { timeout: 30_000 }, async () => {
    onlineDevice = false;
    renderMenu('operator');
    fireEvent.click(item(await openMenu(), /^Purge data/));
    const confirm = await screen.findByRole('dialog', { name: 'Purge data of greenhouse-1?' });
    // Purging cannot be undone: the device's name is typed first.
    const purge = within(confirm).getByRole('button', { name: 'Purge data' }) as HTMLButtonElement;
    expect(purge.disabled).toBe(true);
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Type greenhouse-1 to confirm' }), { target: { value: 'greenhouse-1' } });
    fireEvent.click(purge);
    expect(await within(confirm).findByText('No online device(s) found')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(item(await openMenu(), /^Restart services/));
    // A 404 is usually not reported; an action's "No online device(s) found" is.
    expect(await screen.findByText('No online device(s) found')).toBeTruthy();
  });

  it('deletes after the device name is typed, then goes to the fleet', { timeout: 30_000 }, async () => {
    const { router } = renderMenu('operator');
    fireEvent.click(item(await openMenu(), /^Delete device/));
    const confirm = await screen.findByRole('dialog', { name: 'Delete greenhouse-1?' });
    const button = within(confirm).getByRole('button', { name: 'Delete device' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Type greenhouse-1 to confirm' }), { target: { value: 'greenhouse-1' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleets/${FLEET}`));
    expect(requests).toEqual([{ method: 'DELETE', path: `/v7/device(${DEVICE_ID})`, body: undefined }]);
    expect(await screen.findByText('greenhouse-1 deleted')).toBeTruthy();
  });

  it('disables each action with its reason: offline device, device type without a LED, and an observer', async () => {
    renderMenu('operator', makeDevice({ is_connected_to_vpn: false, is_of__device_type: [{ slug: 'x', name: 'X', contract: { data: { led: false } } }] }));
    let menu = await openMenu();
    for (const name of [/^Reboot/, /^Restart services/, /^Purge data/, /^Shutdown/]) {
      expect(item(menu, name).getAttribute('aria-disabled')).toBe('true');
      expect(item(menu, name).textContent).toContain('The device must be online');
    }
    expect(item(menu, /^Identify/).textContent).toContain('This device type does not support blinking');
    expect(item(menu, /^Delete device/).getAttribute('aria-disabled')).toBeNull();
    cleanup();

    renderMenu('observer');
    menu = await openMenu();
    for (const name of [/^Reboot/, /^Identify/, /^Delete device/]) {
      expect(item(menu, name).getAttribute('aria-disabled')).toBe('true');
      expect(item(menu, name).textContent).toContain('You do not have permission to do this on this device');
    }
    fireEvent.click(item(menu, /^Identify/));
    expect(requests).toEqual([]);
  });
});
