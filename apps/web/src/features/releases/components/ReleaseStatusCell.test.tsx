// @vitest-environment jsdom
import '../releases-catalog.ts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS } from '@flotilla/core/release-status';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReleaseStatusCell } from './ReleaseStatusCell.tsx';

afterEach(cleanup);

const NOW = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('ReleaseStatusCell', () => {
  it('shows a running build in progress, naming its version', async () => {
    renderWithProviders(<ReleaseStatusCell release={{ status: 'running', update_timestamp: ago(1000), raw_version: '2.0.0' }} now={NOW} />);
    const cell = await screen.findByTestId('build-in-progress');
    expect(cell.textContent).toBe('Build in progress');
    expect(cell.getAttribute('title')).toBe('Build of 2.0.0 in progress');
  });

  it('shows a build silent past the build timeout as failed, and success as succeeded', async () => {
    renderWithProviders(<ReleaseStatusCell release={{ status: 'running', update_timestamp: ago(BUILD_TIMEOUT_MS + 1), raw_version: '2.0.0' }} now={NOW} />);
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.queryByTestId('build-in-progress')).toBeNull();
    cleanup();
    renderWithProviders(<ReleaseStatusCell release={{ status: 'success', update_timestamp: ago(0), raw_version: '1.0.0' }} now={NOW} />);
    expect(await screen.findByText('Succeeded')).toBeTruthy();
  });
});
