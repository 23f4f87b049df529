// @vitest-environment jsdom
import '../../../lib/app-catalogs.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { Profile } from '../api/profile.queries.ts';
import { ProfileForm } from './ProfileForm.tsx';

const PROFILE: Profile = {
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  company: null,
  account_type: 'personal',
  has_password_set: true,
  has_disabled_newsletter: true,
  is_platform_admin: false,
  is_support_agent: false,
  has_password_over_limit: false,
};

/** The bodies of the PATCH /user/profile requests sent; each is answered with the profile it asks for. */
let patches: Record<string, unknown>[] = [];

beforeEach(() => {
  patches = [];
  setToken(fakeJwt({ id: 1, exp: Math.floor(Date.now() / 1000) + 3600 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname !== '/user/profile' || init?.method !== 'PATCH') throw new Error(`unexpected request ${input}`);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      patches.push(body);
      return new Response(JSON.stringify({ ...PROFILE, ...body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfileForm newsletter (accounts spec §3 user.has_disabled_newsletter, §7 PATCH /user/profile)', () => {
  it('shows the stored choice and saves a change to it, inverted as the API keeps it', async () => {
    const onSaved = vi.fn();
    renderWithProviders(<ProfileForm profile={PROFILE} onSaved={onSaved} actions={() => <button type="submit">Save</button>} />);
    const newsletter = await screen.findByRole('checkbox', { name: 'Send me the product newsletter' });
    expect((newsletter as HTMLInputElement).checked).toBe(false);

    fireEvent.click(newsletter);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patches).toEqual([{ first_name: 'Ann', last_name: 'Lee', company: null, account_type: 'personal', has_disabled_newsletter: false }]);
  });
});
