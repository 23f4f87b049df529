// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { FrozenDevicesNotice } from './FrozenDevicesNotice.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The device resource as OData answers it: failing until `isUp`, then two frozen devices. */
function stubDevices(state: { isUp: boolean; isSlow?: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (state.isSlow) return new Promise<Response>(() => undefined);
      if (!state.isUp) return json(500, { error: 'database unavailable' });
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/$count')) return json(200, { d: 2 });
      return json(200, { d: [{ id: 1, uuid: 'a'.repeat(32), device_name: 'frozen-one' }, { id: 2, uuid: 'b'.repeat(32), device_name: 'frozen-two' }] });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FrozenDevicesNotice', () => {
  it('says the frozen count could not be loaded, with Retry, instead of showing nothing', async () => {
    const state = { isUp: false };
    stubDevices(state);
    renderWithProviders(<FrozenDevicesNotice fleetId={7} />);
    expect(await screen.findByText('Could not load the frozen devices')).toBeTruthy();
    state.isUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 devices of this fleet are frozen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Frozen devices' }));
    expect(await screen.findByText('frozen-two')).toBeTruthy();
  });

  it('keeps saying so while its poll asks again, instead of hiding the notice as if none were frozen', async () => {
    const state = { isUp: false, isSlow: false };
    stubDevices(state);
    const { queryClient } = renderWithProviders(<FrozenDevicesNotice fleetId={7} />);
    expect(await screen.findByText('Could not load the frozen devices')).toBeTruthy();
    // The next poll has not been answered yet.
    state.isSlow = true;
    void queryClient.refetchQueries();
    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.fetchStatus).toBe('fetching'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Could not load the frozen devices')).toBeTruthy();
  });
});
