// @vitest-environment jsdom
import '../billing-catalog.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeBillingApi, invoice } from '../test/fake-billing-api.ts';
import { InvoicesCard } from './InvoicesCard.tsx';

const PATH = '/billing/v1/account/4/invoices';

beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvoicesCard (accounts spec §2, §4 "Invoice states", §9)', () => {
  it('shows a failed load as an error with Retry, never as "no invoices", and Retry loads again', async () => {
    let fail = true;
    fakeBillingApi({ [`GET ${PATH}`]: () => (fail ? { status: 500, body: { error: 'Billing database unavailable' } } : { status: 200, body: [invoice(1, 'paid')] }) });
    renderWithProviders(<InvoicesCard orgId={4} />);
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load the invoices');
    expect(alert.textContent).toContain('Billing database unavailable');
    expect(screen.queryByText('No invoices yet.')).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/FLT-000001/)).toBeTruthy();
  });

  it('says when there are no invoices yet', async () => {
    fakeBillingApi({ [`GET ${PATH}`]: { status: 200, body: [] } });
    renderWithProviders(<InvoicesCard orgId={4} />);
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /View all/ })).toBeNull();
  });

  it('shows the 6 newest and the rest in a View all dialog', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => invoice(8 - i, 'paid'));
    fakeBillingApi({ [`GET ${PATH}`]: { status: 200, body: rows } });
    renderWithProviders(<InvoicesCard orgId={4} />);
    await screen.findByText(/FLT-000008/);
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(6);
    expect(screen.queryByText(/FLT-000002/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View all (8)' }));
    const dialog = await screen.findByRole('dialog', { name: 'All invoices' });
    expect(within(dialog).getAllByTestId('invoice-row')).toHaveLength(8);
    expect(within(dialog).getByText(/FLT-000001/)).toBeTruthy();
  });

  it("shows a past due invoice's due date, and a draft's download as not yet available", async () => {
    const due = new Date(2026, 2, 4, 9, 5).toISOString();
    fakeBillingApi({ [`GET ${PATH}`]: { status: 200, body: [invoice(3, 'past_due', { due_on: due }), invoice(2, 'draft'), invoice(1, 'paid')] } });
    renderWithProviders(<InvoicesCard orgId={4} />);
    expect(await screen.findByText(/Past due · due 2026-03-04 09:05/)).toBeTruthy();
    const draft = screen.getByRole('button', { name: 'Download invoice FLT-000002: not yet available' });
    expect(draft.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Download invoice FLT-000001 (PDF)' })).toBeTruthy();
  });

  it('downloads a PDF with the session and says why one cannot be', async () => {
    const api = fakeBillingApi({
      [`GET ${PATH}`]: { status: 200, body: [invoice(1, 'paid')] },
      [`GET ${PATH}/FLT-000001/download`]: { status: 409, body: { error: 'The invoice is not ready yet', code: 'invoice_not_ready' } },
    });
    renderWithProviders(<InvoicesCard orgId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice FLT-000001 (PDF)' }));
    await waitFor(() => expect(api.sent('GET', `${PATH}/FLT-000001/download`)).toHaveLength(1));
    expect(await screen.findByText('Error retrieving the invoice. The invoice is not ready yet')).toBeTruthy();
  });
});
