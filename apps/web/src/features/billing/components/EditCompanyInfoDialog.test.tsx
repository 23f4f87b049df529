// @vitest-environment jsdom
import '../billing-catalog.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeBillingApi } from '../test/fake-billing-api.ts';
import { EditCompanyInfoDialog } from './EditCompanyInfoDialog.tsx';

const PATH = '/billing/v1/account/4';
const saved = (body: Record<string, unknown>) => ({
  account_state: 'active',
  email: body.email,
  company_name: body.company_name ?? null,
  address: { address1: null, address2: null, city: null, state: null, zip: null, country: null, phone: null },
  tax_id: body.tax_id ?? null,
});

beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('EditCompanyInfoDialog (accounts spec §5 "Company info")', () => {
  it('refuses a tax id that does not match its type, then saves a valid one', async () => {
    const api = fakeBillingApi({ [`PATCH ${PATH}`]: (request) => ({ status: 200, body: saved(request.body as Record<string, unknown>) }) });
    const onClose = vi.fn();
    renderWithProviders(<EditCompanyInfoDialog orgId={4} account={null} fallbackEmail="me@example.com" onClose={onClose} />);
    expect(((await screen.findByRole('textbox', { name: /Billing email/ })) as HTMLInputElement).value).toBe('me@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tax ID type' }), { target: { value: 'us_ein' } });
    expect(await screen.findByText('For example 12-3456789')).toBeTruthy();
    fireEvent.change(field(/^Tax ID$/), { target: { value: '123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This tax ID does not match the format of its type')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    fireEvent.change(field(/^Tax ID$/), { target: { value: '12-3456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('PATCH', PATH)[0]?.body).toMatchObject({ email: 'me@example.com', tax_id: { type: 'us_ein', value: '12-3456789', country: null } });
    expect(await screen.findByText('Billing account info updated')).toBeTruthy();
  });

  it('requires the email', async () => {
    const api = fakeBillingApi({});
    renderWithProviders(<EditCompanyInfoDialog orgId={4} account={null} fallbackEmail="" onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("shows the server's invalid_tax_id on the tax id field", async () => {
    fakeBillingApi({ [`PATCH ${PATH}`]: { status: 400, body: { error: 'The tax id does not match the format of its type', code: 'invalid_tax_id' } } });
    const onClose = vi.fn();
    renderWithProviders(
      <EditCompanyInfoDialog
        orgId={4}
        account={{ account_state: 'active', email: 'a@b.test', company_name: null, address: { address1: null, address2: null, city: null, state: null, zip: null, country: null, phone: null }, tax_id: { type: 'gb_vat', value: 'GB123456789', country: null } }}
        fallbackEmail=""
        onClose={onClose}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This tax ID does not match the format of its type')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
