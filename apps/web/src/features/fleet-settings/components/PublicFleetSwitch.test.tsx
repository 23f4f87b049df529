// @vitest-environment jsdom
import '../fleet-settings-catalog.ts';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { fleetFixture } from '../../../test/fleet-fixture.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { FleetWithSettings } from '../../fleets/api/fleets.queries.ts';
import { PublicFleetSwitch } from './PublicFleetSwitch.tsx';

const patched: unknown[] = [];

/** The fleet, with a repository URL unless `overrides` says otherwise. */
const fleet = (overrides: Partial<FleetWithSettings> = {}): FleetWithSettings =>
  fleetFixture({ is_stored_at__repository_url: 'https://github.com/acme/greenhouse', ...overrides });

/** The API answering the PATCH with `status` and `body`; reads (the refetch after it) answer nothing. */
function stubApi(status: number, body: unknown = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method !== 'PATCH') return new Response(JSON.stringify({ d: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      patched.push(JSON.parse(init.body as string));
      return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function renderSwitch(value: FleetWithSettings, onRepositoryUrlRequired = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  renderWithProviders(<PublicFleetSwitch fleet={value} onRepositoryUrlRequired={onRepositoryUrlRequired} />, { queryClient });
  return { control: (await screen.findByRole('switch', { name: 'Public' })) as HTMLInputElement, onRepositoryUrlRequired };
}

beforeEach(() => {
  patched.length = 0;
  localStorage.clear();
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PublicFleetSwitch', () => {
  it('cannot be turned on without a repository URL, and its description says why', async () => {
    const { control } = await renderSwitch(fleet({ is_stored_at__repository_url: null }));
    expect(control.disabled).toBe(true);
    const description = document.getElementById(control.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe('A repository URL is needed first: save one above to make this fleet public.');
  });

  it('asks before making the fleet public, listing what becomes readable and what stays private; Cancel sends nothing', async () => {
    stubApi(200);
    const { control } = await renderSwitch(fleet());
    fireEvent.click(control);
    const dialog = await screen.findByRole('dialog', { name: 'Make greenhouse public?' });
    const items = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(11);
    expect(items).toContain("Each release's composition (the docker-compose configuration)");
    expect(items).toContain('Fleet, device and service variables');
    expect(within(dialog).getByText(/Release compositions may contain configuration/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patched).toEqual([]);
  });

  it('confirming sends is_public and says so', async () => {
    stubApi(200);
    const { control } = await renderSwitch(fleet());
    fireEvent.click(control);
    fireEvent.click(await screen.findByRole('button', { name: 'Make public' }));
    expect(await screen.findByText('Fleet made public')).toBeTruthy();
    expect(patched).toEqual([{ is_public: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hands the API’s "repository URL first" to the URL field and closes the dialog', async () => {
    stubApi(400, { error: 'errors.must_first_enter_repo_url', code: 'must_first_enter_repo_url' });
    const { control, onRepositoryUrlRequired } = await renderSwitch(fleet());
    fireEvent.click(control);
    fireEvent.click(await screen.findByRole('button', { name: 'Make public' }));
    await waitFor(() => expect(onRepositoryUrlRequired).toHaveBeenCalledWith('Enter and save a repository URL before making the fleet public'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with any other failure shown in it', async () => {
    stubApi(500, { error: 'Database unavailable' });
    const { control, onRepositoryUrlRequired } = await renderSwitch(fleet());
    fireEvent.click(control);
    fireEvent.click(await screen.findByRole('button', { name: 'Make public' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Database unavailable')).toBeTruthy();
    expect(onRepositoryUrlRequired).not.toHaveBeenCalled();
  });

  it('asks before making a public fleet private, even one without a URL', async () => {
    stubApi(200);
    const { control } = await renderSwitch(fleet({ is_public: true, is_stored_at__repository_url: null }));
    expect(control.checked).toBe(true);
    expect(control.disabled).toBe(false);
    fireEvent.click(control);
    const dialog = await screen.findByRole('dialog', { name: 'Make greenhouse private?' });
    expect(within(dialog).queryAllByRole('listitem')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make private' }));
    expect(await screen.findByText('Fleet made private')).toBeTruthy();
    expect(patched).toEqual([{ is_public: false }]);
  });
});
