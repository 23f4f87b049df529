// @vitest-environment jsdom
import '../fleet-settings-catalog.ts';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { fleetFixture } from '../../../test/fleet-fixture.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fleetQuery, type FleetWithSettings } from '../../fleets/api/fleets.queries.ts';
import { RepositoryUrlForm } from './RepositoryUrlForm.tsx';

const URL_ = 'https://github.com/acme/greenhouse';
const patched: unknown[] = [];

const fleet = fleetFixture;

/** The form over the cached fleet, as the summary page has it; the test changes the cache like a poll would. */
function Harness({ serverError = null, onEdited = () => undefined }: { serverError?: string | null; onEdited?: () => void }) {
  const { data } = useQuery(fleetQuery(7));
  return data ? <RepositoryUrlForm fleet={data} serverError={serverError} onEdited={onEdited} /> : null;
}

async function renderForm(initial: FleetWithSettings, props: Parameters<typeof Harness>[0] = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(fleetQuery(7).queryKey, initial);
  // After a PATCH the fleet is refetched: answer with the fleet as the PATCH left it.
  let current = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as Partial<FleetWithSettings>;
        patched.push(body);
        current = { ...current, ...body };
        return new Response(null, { status: 200 });
      }
      return new Response(JSON.stringify({ d: [current] }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const rendered = renderWithProviders(<Harness {...props} />, { queryClient });
  // The test router renders on the next tick.
  await screen.findByRole('textbox', { name: 'Repository URL' });
  return rendered;
}

const field = () => screen.getByRole('textbox', { name: 'Repository URL' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

beforeEach(() => {
  patched.length = 0;
  localStorage.clear();
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RepositoryUrlForm', () => {
  it('validates as the user types and saves the trimmed URL', async () => {
    await renderForm(fleet());
    expect(save().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: 'github.com/acme' } });
    expect(await screen.findByText('Enter an address that starts with http:// or https://')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(field(), { target: { value: ` ${URL_} ` } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Repository URL set')).toBeTruthy();
    expect(patched).toEqual([{ is_stored_at__repository_url: URL_ }]);
    await waitFor(() => expect(field().value).toBe(URL_));
    expect(save().disabled).toBe(true);
  });

  it('follows the polled fleet until edited, then keeps what the user typed', async () => {
    const { queryClient } = await renderForm(fleet({ is_stored_at__repository_url: URL_ }));
    expect(field().value).toBe(URL_);
    await act(() => {
      queryClient.setQueryData(fleetQuery(7).queryKey, fleet());
    });
    await waitFor(() => expect(field().value).toBe(''));
    fireEvent.change(field(), { target: { value: `${URL_}-2` } });
    await waitFor(() => expect(save().disabled).toBe(false));
    await act(() => {
      queryClient.setQueryData(fleetQuery(7).queryKey, fleet({ is_stored_at__repository_url: 'https://example.com/other' }));
    });
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(field().value).toBe(`${URL_}-2`);
  });

  it('shows an error from elsewhere on the field, focused, until the user edits', async () => {
    const onEdited = vi.fn();
    await renderForm(fleet(), { serverError: 'Enter and save a repository URL before making the fleet public', onEdited });
    expect(screen.getByText('Enter and save a repository URL before making the fleet public')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field());
    fireEvent.change(field(), { target: { value: URL_ } });
    expect(onEdited).toHaveBeenCalled();
  });

  it('a public fleet cannot lose its URL; a private one can', async () => {
    await renderForm(fleet({ is_public: true, is_stored_at__repository_url: URL_ }));
    fireEvent.change(field(), { target: { value: '' } });
    expect(await screen.findByText(/A public fleet needs a repository URL/)).toBeTruthy();
    expect(save().disabled).toBe(true);
    cleanup();
    await renderForm(fleet({ is_stored_at__repository_url: URL_ }));
    fireEvent.change(field(), { target: { value: ' ' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Repository URL removed')).toBeTruthy();
    expect(patched).toEqual([{ is_stored_at__repository_url: null }]);
  });
});
