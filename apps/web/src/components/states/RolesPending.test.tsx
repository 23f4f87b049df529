// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PageLoading } from '../PageLoading.tsx';
import { RolesPending } from './RolesPending.tsx';

afterEach(cleanup);

describe('RolesPending', () => {
  it('shows loading while nothing failed', async () => {
    renderWithProviders(<RolesPending state={{ failure: null }} />);
    await screen.findByRole('status');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed role read with its reason and a Retry that retries it', async () => {
    const retry = vi.fn(async () => undefined);
    renderWithProviders(<RolesPending state={{ failure: { error: new Error('Database unavailable'), retry } }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your permissions');
    expect(alert.textContent).toContain('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('PageLoading', () => {
  it('gives a whole page its one h1 while its own is unknown, and none inside a page', async () => {
    renderWithProviders(<PageLoading asPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Loading…');
    cleanup();
    renderWithProviders(<PageLoading />);
    await screen.findByRole('status');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
