// @vitest-environment jsdom
import '../../../lib/app-catalogs.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { TwoFactorTab } from './TwoFactorTab.tsx';

const exp = () => Math.floor(Date.now() / 1000) + 3600;

beforeEach(() => {
  // Two-factor on and passed (accounts spec §4: the claim false = passed).
  setToken(fakeJwt({ id: 1, exp: exp(), twoFactorRequired: false }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (new URL(input, 'http://localhost').pathname !== '/auth/totp/disable') throw new Error(`unexpected request ${input}`);
      // The new session token, without the two-factor claim: disabled.
      return new Response(fakeJwt({ id: 1, exp: exp() }), { status: 200, headers: { 'content-type': 'text/plain' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TwoFactorTab focus (keyboard use: never lost to the body after a dialog)', () => {
  it('after disabling, the dialog closes and focus goes to the Enable button that replaced Disable', async () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(whoamiQuery.queryKey, { id: 10, actorType: 'user', actorTypeId: 1, username: 'ann' } as never);
    renderWithProviders(<TwoFactorTab />, { queryClient });
    const disable = await screen.findByRole('button', { name: 'Disable two-factor authentication' });
    disable.focus();
    fireEvent.click(disable);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await screen.findByLabelText(/password/i), { target: { value: 'correct horse' } });
    fireEvent.submit(dialog.querySelector('form')!);
    const enable = await screen.findByRole('button', { name: 'Enable two-factor authentication' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(enable));
  });
});
