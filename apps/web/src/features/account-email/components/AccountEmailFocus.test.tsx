// @vitest-environment jsdom
import '../../../lib/app-catalogs.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { accountStatusQuery } from '../api/account-email.queries.ts';
import { PasswordResetRequestPage } from './PasswordResetRequestPage.tsx';
import { VerifyEmailPendingPage } from './VerifyEmailPendingPage.tsx';

/** The API: `path` answers 200 with an empty body; anything else is a test error. */
function fakeApi(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (new URL(input, 'http://localhost').pathname !== path) throw new Error(`unexpected request ${input}`);
      return new Response(null, { status: 200 });
    }),
  );
}

beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signed-out email pages keep focus off the body (keyboard use after a save)', () => {
  it('forgot password: the form gives way to the sent message, which takes focus', async () => {
    fakeApi('/user/v1/password-reset/request');
    renderWithProviders(<PasswordResetRequestPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: /email/i }), { target: { value: 'ann@example.com' } });
    const submit = screen.getByRole('button', { name: 'Send reset link' });
    submit.focus();
    fireEvent.click(submit);
    const sent = await screen.findByText(/a password reset link is on its way/);
    await waitFor(() => expect(document.activeElement).toBe(sent.closest('[role="alert"]')));
  });

  it('verify email pending: when the resend button goes (done), the done message takes focus', async () => {
    fakeApi('/user/v1/resend-verification-email');
    const queryClient = testQueryClient();
    queryClient.setQueryData(accountStatusQuery.queryKey, { email: 'ann@example.com', must_be_verified: true, is_verified: false, has_password_set: true } as never);
    renderWithProviders(<VerifyEmailPendingPage />, { queryClient });
    const resend = await screen.findByRole('button', { name: 'Resend verification email' });
    resend.focus();
    fireEvent.click(resend);
    const done = await screen.findByText('A new verification email is on its way.');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[role="alert"]')));
  });
});
