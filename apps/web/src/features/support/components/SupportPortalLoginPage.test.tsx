// @vitest-environment jsdom
import '../support-catalog.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SupportPortalSignIn } from './SupportPortalLoginPage.tsx';

/** GET /zendesk/v1/login answered by `answer`; every requested URL recorded. */
function fakeApi(answer: () => { status: number; body: unknown }) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(input);
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/zendesk/v1/login') throw new Error(`unexpected request ${input}`);
      const { status, body } = answer();
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

let submit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PORTAL = 'https://help.example.com';

describe('SupportPortalSignIn (accounts spec §2 /zendesk-login, §7 GET /zendesk/v1/login)', () => {
  it('posts the token and return_to to the portal once, keeping a Continue button for a blocked submit', async () => {
    const urls = fakeApi(() => ({ status: 200, body: { redirect: `${PORTAL}/access/jwt`, jwt: 'a.b.c', return_to: `${PORTAL}/hc/requests` } }));
    renderWithProviders(<SupportPortalSignIn returnTo={`${PORTAL}/hc/requests`} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Support portal sign-in');
    expect(screen.getByRole('status').textContent).toBe('Signing you in to the support portal…');
    const form = (await screen.findByTestId('support-portal-form')) as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${PORTAL}/access/jwt`);
    expect(Object.fromEntries(new FormData(form))).toEqual({ jwt: 'a.b.c', return_to: `${PORTAL}/hc/requests` });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(within(form).getByRole('button', { name: 'Continue' }).getAttribute('type')).toBe('submit');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(new URL(urls[0]!, 'http://localhost').searchParams.get('return_to')).toBe(`${PORTAL}/hc/requests`);
  });

  it('sends no return_to when none was asked', async () => {
    const urls = fakeApi(() => ({ status: 200, body: { redirect: `${PORTAL}/access/jwt`, jwt: 'a.b.c' } }));
    renderWithProviders(<SupportPortalSignIn returnTo={undefined} />);
    const form = (await screen.findByTestId('support-portal-form')) as HTMLFormElement;
    expect(Object.fromEntries(new FormData(form))).toEqual({ jwt: 'a.b.c' });
    expect(new URL(urls[0]!, 'http://localhost').search).toBe('');
  });

  it('says the support portal is not configured on this server, with a way back', async () => {
    fakeApi(() => ({ status: 404, body: { error: 'The support portal is not configured on this server', code: 'support_portal_not_configured' } }));
    renderWithProviders(<SupportPortalSignIn returnTo={undefined} />);
    expect(await screen.findByText('The support portal is not configured on this server.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
    expect(screen.queryByTestId('support-portal-form')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows why the server refused (unverified email), and Retry asks again', async () => {
    let refuse = true;
    fakeApi(() =>
      refuse
        ? { status: 403, body: { error: 'Verify your email address before signing in to the support portal', code: 'email_not_verified' } }
        : { status: 200, body: { redirect: `${PORTAL}/access/jwt`, jwt: 'a.b.c' } },
    );
    renderWithProviders(<SupportPortalSignIn returnTo={undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verify your email address before signing in to the support portal');
    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('support-portal-form');
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('shows a server failure as an error with Retry', async () => {
    fakeApi(() => ({ status: 500, body: { error: 'Internal Server Error' } }));
    renderWithProviders(<SupportPortalSignIn returnTo={undefined} />);
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load your support portal sign-in');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
