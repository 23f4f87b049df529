// @vitest-environment jsdom
import '../../organizations/organizations-catalog.ts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PastDueBanner } from './PastDueNotice.tsx';

afterEach(cleanup);

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-30T12:00:00Z');
const since = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const banner = (props: { since: string | null; isFrozen?: boolean; canBill?: boolean }) =>
  renderWithProviders(
    <>
      <PastDueBanner orgId={4} since={props.since} isFrozen={props.isFrozen ?? false} canBill={props.canBill ?? true} now={now} />
      <p>the page</p>
    </>,
  );

/** The past-due notice (accounts spec §4 "Notices", §9): its level by days past due, and what it asks of whom. */
describe('PastDueBanner', () => {
  it('shows nothing without a past-due invoice', async () => {
    banner({ since: null });
    await screen.findByText('the page');
    expect(screen.queryByTestId('past-due-notice')).toBeNull();
  });

  it('warns below 30 days, with a link to the payment method for billing users', async () => {
    banner({ since: since(29) });
    const notice = await screen.findByTestId('past-due-notice');
    expect(notice.dataset.level).toBe('warning');
    expect(notice.className).toMatch(/Warning/);
    expect(notice.textContent).toMatch(/has been past due since/);
    expect(notice.textContent).not.toMatch(/frozen/);
    const link = screen.getByRole('link', { name: 'Update the payment method to pay it.' });
    expect(link.getAttribute('href')).toBe('/orgs/4/billing#payment-method');
  });

  it('is an error from 30 to 59 days, with the days until freezing', async () => {
    banner({ since: since(30) });
    const notice = await screen.findByTestId('past-due-notice');
    expect(notice.dataset.level).toBe('error');
    expect(notice.className).toMatch(/Error/);
    expect(notice.textContent).toMatch(/will be frozen in 30 days\./);
    cleanup();
    banner({ since: since(59) });
    expect((await screen.findByTestId('past-due-notice')).textContent).toMatch(/will be frozen in 1 day\./);
  });

  it('says frozen from 60 days, or whenever the organization is frozen', async () => {
    banner({ since: since(60) });
    const notice = await screen.findByTestId('past-due-notice');
    expect(notice.dataset.level).toBe('frozen');
    expect(notice.textContent).toMatch(/This organization is frozen: an invoice has been past due since/);
    cleanup();
    banner({ since: null, isFrozen: true });
    expect((await screen.findByTestId('past-due-notice')).textContent).toMatch(/^This organization is frozen\./);
  });

  it('asks others to reach the administrators, without a billing link', async () => {
    banner({ since: since(45), canBill: false });
    const notice = await screen.findByTestId('past-due-notice');
    expect(notice.textContent).toMatch(/Please reach out to its administrators\./);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
