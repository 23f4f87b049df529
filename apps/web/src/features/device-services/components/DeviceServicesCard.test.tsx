// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { deviceServicesQuery, type DeviceServiceRow } from '../api/device-services.queries.ts';
import { DeviceServicesCard } from './DeviceServicesCard.tsx';

/** The services card with the device's image installs as the cache holds them. */
afterEach(cleanup);

function renderCard(rows: DeviceServiceRow[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(deviceServicesQuery(42).queryKey, rows);
  return renderWithProviders(<DeviceServicesCard deviceId={42} />, { queryClient });
}

const install = (id: number, service: string, status: string, progress: number | null, version: string): DeviceServiceRow => ({
  id,
  status,
  download_progress: progress,
  installs__image: [{ id, is_a_build_of__service: [{ service_name: service }] }],
  is_provided_by__release: [{ id: version === '1.0.0' ? 1 : 2, commit: `c-${version}`, raw_version: version }],
});

describe('DeviceServicesCard', () => {
  it('lists each service with its status in words, its release, and a bar with percent while downloading', async () => {
    renderCard([install(1, 'web', 'Running', null, '1.0.0'), install(2, 'web', 'Downloading', 35, '1.1.0'), install(3, 'db', 'Stopped', null, '1.0.0')]);
    const table = await screen.findByRole('table', { name: 'Services' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['dbStopped1.0.0', 'webDownloading35%1.1.0', 'webRunning1.0.0']);
    const bar = within(rows[1]!).getByRole('progressbar', { name: 'web: Downloading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
    expect(within(rows[0]!).queryByRole('progressbar')).toBeNull();
  });

  it('says when the device reports no services', async () => {
    renderCard([]);
    await screen.findByText(/No services yet/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
