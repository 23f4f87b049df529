// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceMetricsPanel } from './DeviceMetricsPanel.tsx';

const uuid = 'f'.repeat(32);

describe('DeviceMetricsPanel', () => {
  it('draws each metric as a bar in the spec colour, with its values and the temperature', async () => {
    renderWithProviders(<DeviceMetricsPanel device={{ uuid, cpu_usage: 93, cpu_temp: 61, memory_usage: 700, memory_total: 1000, storage_usage: 300, storage_total: 1000 }} />);
    const cpu = await screen.findByRole('progressbar', { name: 'CPU' });
    const memory = screen.getByRole('progressbar', { name: 'Memory' });
    const storage = screen.getByRole('progressbar', { name: 'Storage' });
    expect([cpu, memory, storage].map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['93', '70', '30']);
    expect(cpu.className).toContain('MuiLinearProgress-colorError');
    expect(memory.className).toContain('MuiLinearProgress-colorWarning');
    expect(storage.className).toContain('MuiLinearProgress-colorSuccess');
    expect(screen.getByText('700 MB / 1000 MB')).toBeTruthy();
    expect(screen.getByText('Temperature: 61 °C')).toBeTruthy();
    // Without a push connection it says it refreshes by polling.
    expect(screen.getByText('Refreshing every 15 s')).toBeTruthy();
  });

  it('says when the device has not reported yet', async () => {
    renderWithProviders(<DeviceMetricsPanel device={{ uuid, cpu_usage: null, cpu_temp: null, memory_usage: null, memory_total: null, storage_usage: null, storage_total: null }} />);
    expect(await screen.findByText('The device has not reported its metrics yet.')).toBeTruthy();
    expect(screen.getByText('Temperature: —')).toBeTruthy();
  });
});
