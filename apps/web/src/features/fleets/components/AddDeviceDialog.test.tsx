// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceTypesWithArchQuery } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { osLineOf, type HostOsVersion } from '../add-device.ts';
import { deviceAllowanceQuery, hostOsVersionsQuery, type DeviceAllowanceStanding } from '../api/add-device.queries.ts';
import { AddDeviceDialog } from './AddDeviceDialog.tsx';

const ORG = 5;
const DEVICE_TYPES = [
  { id: 1, slug: 'raspberrypi4-64', name: 'Raspberry Pi 4 (64bit)', cpuArchitecture: 'aarch64' },
  { id: 2, slug: 'raspberrypi3', name: 'Raspberry Pi 3', cpuArchitecture: 'armv7hf' },
  { id: 3, slug: 'generic-aarch64', name: 'Generic AARCH64', cpuArchitecture: 'aarch64' },
  { id: 4, slug: 'intel-nuc', name: 'Intel NUC', cpuArchitecture: 'amd64' },
];
const CONFIG = { applicationId: 7, deviceType: 'raspberrypi4-64', apiEndpoint: 'https://flotilla.example', apiKey: 'pk-123', appUpdatePollInterval: 600000 };

interface Call {
  method: string;
  url: string;
  body: unknown;
}
const calls: Call[] = [];
type Answer = { status: number; body: unknown };

/** fetch answering by URL: the first matching route's answer (a function may change between calls). */
function stubFetch(routes: Array<[RegExp, () => Answer]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const decoded = decodeURIComponent(url);
      calls.push({ method: init.method ?? 'GET', url: decoded, body: init.body ? JSON.parse(init.body as string) : undefined });
      const route = routes.find(([pattern]) => pattern.test(decoded));
      const { status, body } = route ? route[1]() : { status: 404, body: { error: `no route for ${decoded}` } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function seeded({ allowance = { billingCode: null, activeDeviceCount: 3 }, versions = {} }: { allowance?: DeviceAllowanceStanding | null; versions?: Record<number, HostOsVersion[]> } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(deviceTypesWithArchQuery.queryKey, DEVICE_TYPES);
  if (allowance) client.setQueryData(deviceAllowanceQuery(ORG).queryKey, allowance);
  for (const type of DEVICE_TYPES) client.setQueryData(hostOsVersionsQuery(type.id).queryKey, versions[type.id] ?? []);
  return client;
}

function renderDialog(client: QueryClient, onClose = () => undefined) {
  return renderWithProviders(
    <AddDeviceDialog fleetId={7} fleetSlug="acme/greenhouse" organizationId={ORG} deviceTypeSlug="raspberrypi4-64" onClose={onClose} />,
    { queryClient: client },
  );
}

const downloadButton = () => screen.getByRole('button', { name: 'Download configuration file' }) as HTMLButtonElement;
const summary = () => screen.getByTestId('add-device-summary').textContent ?? '';
/** Moves the fake clock, letting React commit what the timers set. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const pollInput = () => screen.getByRole('spinbutton', { name: 'Check for updates every (minutes)' });

const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
let savedBlobs: Blob[] = [];
let clickedDownloads: string[] = [];

beforeEach(() => {
  calls.length = 0;
  savedBlobs = [];
  clickedDownloads = [];
  localStorage.clear();
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  // jsdom has no object URLs and does not download: record what the dialog saves instead.
  Object.assign(URL, { createObjectURL: (blob: Blob) => (savedBlobs.push(blob), 'blob:test'), revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clickedDownloads.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  Object.assign(URL, objectUrls);
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AddDeviceDialog', () => {
  it('offers the types that run in the fleet, warns that no OS version exists and says why the image cannot be had', async () => {
    renderDialog(seeded());
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Device type' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // aarch64 fleet: the aarch64 types only (an armv7hf or amd64 device cannot run it).
    expect(options).toEqual(['Raspberry Pi 4 (64bit)', 'Generic AARCH64']);
    fireEvent.click(screen.getByRole('option', { name: 'Raspberry Pi 4 (64bit)' }));
    expect(screen.getByText('No versions available')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'OS version' }).getAttribute('aria-disabled')).toBe('true');
    const image = screen.getByRole('radio', { name: 'Download image' }) as HTMLInputElement;
    expect(image.disabled).toBe(true);
    expect(image.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(image.getAttribute('aria-describedby')!)?.textContent).toBe('Unavailable: no OS version is available for this device type.');
    expect((screen.getByRole('radio', { name: 'Configuration file only' }) as HTMLInputElement).checked).toBe(true);
    expect(downloadButton().disabled).toBe(false);
  });

  it('offers the OS versions of the chosen type by line, and sends the one picked', async () => {
    stubFetch([[/^\/download-config$/, () => ({ status: 200, body: CONFIG })]]);
    renderDialog(
      seeded({
        versions: {
          3: [
            { rawVersion: '6.1.0', line: 'next' },
            { rawVersion: '6.0.13', line: 'current' },
            { rawVersion: '5.3.1', line: 'current' },
          ],
        },
      }),
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Device type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Generic AARCH64' }));
    expect(screen.queryByText('No versions available')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'OS line' }).textContent).toBe('Current');
    expect(screen.getByRole('combobox', { name: 'OS version' }).textContent).toBe('6.0.13');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'OS version' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['6.0.13', '5.3.1']);
    fireEvent.click(screen.getByRole('option', { name: '5.3.1' }));
    const reason = screen.getByRole('radio', { name: 'Download image' }).getAttribute('aria-describedby')!;
    expect(document.getElementById(reason)?.textContent).toBe('Unavailable: this server does not serve OS images yet.');
    fireEvent.click(downloadButton());
    await waitFor(() => expect(calls.filter((c) => c.url === '/download-config')).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ deviceType: 'generic-aarch64', version: '5.3.1' });
  });

  it('starts on the newest default-line version, never an ESR one (those come first in version order), and marks ESR enterprise-only', async () => {
    // As the query reads them: newest major first, so the ESR 2024.10.1 before 6.0.13.
    const rows = [
      { raw_version: '2024.10.1', phase: null },
      { raw_version: '6.0.13', phase: null },
      { raw_version: '6.0.9', phase: null },
    ];
    renderDialog(seeded({ versions: { 3: rows.map((r) => ({ rawVersion: r.raw_version, line: osLineOf(r.phase, r.raw_version) })) } }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Device type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Generic AARCH64' }));
    expect(screen.getByRole('combobox', { name: 'OS line' }).textContent).toBe('Current');
    expect(screen.getByRole('combobox', { name: 'OS version' }).textContent).toBe('6.0.13');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'OS line' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Current', 'ESR (production, enterprise plan only)']);
  });

  it('updates the summary of what will be downloaded 300 ms after the last change', async () => {
    renderDialog(seeded());
    await waitFor(() => expect(summary()).toContain('acme-greenhouse-config.json for Raspberry Pi 4 (64bit), Production, Ethernet, update checks every 10 minutes'));
    vi.useFakeTimers();
    fireEvent.change(pollInput(), { target: { value: '3' } });
    await advance(200);
    fireEvent.change(pollInput(), { target: { value: '30' } });
    await advance(299);
    // 499 ms after the first change, 299 after the last: still the old words.
    expect(summary()).toContain('every 10 minutes');
    await advance(1);
    expect(summary()).toContain('every 30 minutes');
    expect(summary()).not.toContain('every 3 minutes');
    fireEvent.click(screen.getByRole('radio', { name: 'Development' }));
    await advance(299);
    expect(summary()).toContain('Production');
    await advance(1);
    expect(summary()).toContain('Development');
  });

  it('needs both WiFi fields ("All fields must be filled in") and a valid poll interval before it downloads', async () => {
    renderDialog(seeded());
    await screen.findByRole('combobox', { name: 'Device type' });
    expect(downloadButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'WiFi + Ethernet' }));
    expect(screen.getByText('All fields must be filled in')).toBeTruthy();
    expect(downloadButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/WiFi network name/), { target: { value: 'greenhouse-net' } });
    expect(downloadButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/WiFi passphrase/), { target: { value: 'tomatoes!' } });
    expect(screen.queryByText('All fields must be filled in')).toBeNull();
    expect(downloadButton().disabled).toBe(false);
    fireEvent.change(pollInput(), { target: { value: '0' } });
    expect(screen.getByText('Whole minutes from 1 to 1440')).toBeTruthy();
    expect(downloadButton().disabled).toBe(true);
    fireEvent.change(pollInput(), { target: { value: '15' } });
    expect(downloadButton().disabled).toBe(false);
  });

  it('posts the configuration, saves it as <slug>-config.json and gives the agent command', async () => {
    stubFetch([[/^\/download-config$/, () => ({ status: 200, body: CONFIG })]]);
    renderDialog(seeded());
    await screen.findByRole('combobox', { name: 'Device type' });
    fireEvent.click(screen.getByRole('radio', { name: 'Development' }));
    fireEvent.click(screen.getByRole('radio', { name: 'WiFi + Ethernet' }));
    fireEvent.change(screen.getByLabelText(/WiFi network name/), { target: { value: 'greenhouse-net' } });
    fireEvent.change(screen.getByLabelText(/WiFi passphrase/), { target: { value: 'tomatoes!' } });
    fireEvent.change(pollInput(), { target: { value: '30' } });
    fireEvent.click(downloadButton());

    const command = await screen.findByRole('textbox', { name: 'Device agent command' });
    expect((command as HTMLInputElement).value).toBe('npx tsx apps/device/src/cli.ts --config acme-greenhouse-config.json');
    expect(screen.getByText(/holds a provisioning key for this fleet: the file is made and downloaded only this once/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/download-config',
        body: {
          appId: 7,
          deviceType: 'raspberrypi4-64',
          network: 'wifi',
          wifiSsid: 'greenhouse-net',
          wifiKey: 'tomatoes!',
          appUpdatePollInterval: 30,
          developmentMode: true,
          provisioningKeyName: `add-device-${new Date().toISOString().slice(0, 10)}`,
          provisioningKeyDescription: 'Made by the Add device dialog',
        },
      },
    ]);
    expect(clickedDownloads).toEqual(['acme-greenhouse-config.json']);
    expect(savedBlobs).toHaveLength(1);
    expect(JSON.parse(await savedBlobs[0]!.text())).toEqual(CONFIG);
    // The form is gone: the key is not made twice from this dialog.
    expect(screen.queryByRole('button', { name: 'Download configuration file' })).toBeNull();
  });

  it("shows the server's refusal in the dialog and keeps the form", async () => {
    stubFetch([[/^\/download-config$/, () => ({ status: 403, body: { error: 'You cannot create provisioning keys for this fleet' } })]]);
    renderDialog(seeded());
    await screen.findByRole('combobox', { name: 'Device type' });
    fireEvent.click(downloadButton());
    expect(await screen.findByText('You cannot create provisioning keys for this fleet')).toBeTruthy();
    expect(downloadButton().disabled).toBe(false);
    expect(savedBlobs).toHaveLength(0);
  });

  it("reads the organization's plan and active devices, and blocks a free organization at 10 devices", async () => {
    stubFetch([
      [/^\/v7\/subscription\?/, () => ({ status: 200, body: { d: [{ id: 1, is_for__plan: [{ billing_code: 'free' }] }] } })],
      [/^\/v7\/device\/\$count\?/, () => ({ status: 200, body: { d: 10 } })],
    ]);
    renderDialog(seeded({ allowance: null }));
    expect(await screen.findByText('Device limit reached')).toBeTruthy();
    expect(screen.getByText(/The free plan includes the first 10 devices, and this organization has 10 active devices/)).toBeTruthy();
    const count = calls.find((c) => c.url.startsWith('/v7/device/$count'))!;
    expect(count.url).toContain("is_active eq true");
    expect(count.url).toContain('belongs_to__application/any(a:a/organization eq 5)');
    expect(calls.find((c) => c.url.startsWith('/v7/subscription'))!.url).toContain('is_for__organization eq 5');
    expect(downloadButton().disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Device type' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('radio', { name: 'WiFi + Ethernet' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Development' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Configuration file only' }).hasAttribute('disabled')).toBe(true);
    expect(pollInput().hasAttribute('disabled')).toBe(true);
  });

  it('does not block a paid plan however many devices it has, nor a free one below 10', async () => {
    renderDialog(seeded({ allowance: { billingCode: 'pilot', activeDeviceCount: 40 } }));
    await screen.findByRole('combobox', { name: 'Device type' });
    expect(screen.queryByText('Device limit reached')).toBeNull();
    expect(downloadButton().disabled).toBe(false);
    cleanup();
    renderDialog(seeded({ allowance: { billingCode: null, activeDeviceCount: 9 } }));
    await screen.findByRole('combobox', { name: 'Device type' });
    expect(screen.queryByText('Device limit reached')).toBeNull();
  });

  it('says what failed to load and loads again on Retry', async () => {
    let failing = true;
    stubFetch([
      [/^\/v7\/subscription\?/, () => (failing ? { status: 500, body: { error: 'database unavailable' } } : { status: 200, body: { d: [] } })],
      [/^\/v7\/device\/\$count\?/, () => ({ status: 200, body: { d: 2 } })],
    ]);
    renderDialog(seeded({ allowance: null }));
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain("the organization's plan and devices");
    expect(error.textContent).toContain('database unavailable');
    failing = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('combobox', { name: 'Device type' });
    expect(screen.queryByText('Device limit reached')).toBeNull();
  });

  // A failed read of the OS versions is not "no versions": the configuration it would download
  // lacks the version the device was meant to run, so the download waits for them.
  it('says the OS versions could not be read, with Retry, and offers no download without them', async () => {
    let failing = true;
    stubFetch([
      [/^\/v7\/release\?/, () => (failing ? { status: 500, body: { error: 'database unavailable' } } : { status: 200, body: { d: [{ id: 9, raw_version: '6.0.13', phase: null }] } })],
      [/^\/download-config$/, () => ({ status: 200, body: CONFIG })],
    ]);
    const client = seeded();
    client.removeQueries({ queryKey: hostOsVersionsQuery(1).queryKey });
    renderDialog(client);
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('Could not load the OS versions');
    expect(error.textContent).toContain('database unavailable');
    expect(screen.queryByText('No versions available')).toBeNull();
    expect(downloadButton().disabled).toBe(true);
    fireEvent.submit(downloadButton().closest('form')!);
    expect(calls.filter((c) => c.url === '/download-config')).toHaveLength(0);

    failing = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'OS version' }).textContent).toBe('6.0.13'));
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(downloadButton().disabled).toBe(false);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(calls.filter((c) => c.url === '/download-config')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/download-config')!.body).toMatchObject({ deviceType: 'raspberrypi4-64', version: '6.0.13' });
  });
});
