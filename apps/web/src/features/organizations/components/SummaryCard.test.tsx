// @vitest-environment jsdom
import '../organizations-catalog.ts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SummaryCard } from './SummaryCard.tsx';

afterEach(cleanup);

/** The organization summary's cards (accounts spec §2 Organization summary) and their loading state. */
describe('SummaryCard', () => {
  it('says it is loading while its items are read, with no count and no "None yet"', async () => {
    renderWithProviders(<SummaryCard title="Members" items={undefined} isLoading />);
    const region = await screen.findByRole('region', { name: 'Members' });
    expect(region.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Members: loading…');
    expect(screen.queryByText('None yet')).toBeNull();
  });

  it('shows the count and the empty text once read', async () => {
    renderWithProviders(<SummaryCard title="Teams" items={[]} isLoading={false} />);
    expect(await screen.findByText('None yet')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Teams: 0')).toBeTruthy();
  });
});
