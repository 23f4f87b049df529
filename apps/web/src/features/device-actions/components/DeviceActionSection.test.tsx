// @vitest-environment jsdom
import '../device-actions-catalog.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { DeviceActionSection } from './DeviceActionSection.tsx';

afterEach(cleanup);

describe('DeviceActionSection (fleets spec §2 "Device action pages")', () => {
  it('shows title, blurb, docs link and banner, and runs the action from its button', async () => {
    const onRun = vi.fn();
    renderWithProviders(<DeviceActionSection action="shutdown" availability={{ isAvailable: true }} docsUrl="https://docs.example.com/" isRunning={false} onRun={onRun} />);
    const section = await screen.findByRole('region', { name: 'Shut down device' });
    expect(section.textContent).toContain('Powers the device off.');
    expect(screen.getByRole('link', { name: 'Shut down device in the documentation' }).getAttribute('href')).toBe('https://docs.example.com/');
    expect(screen.getByText(/cannot be started remotely/).closest('[role="alert"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Shut down' }));
    expect(onRun).toHaveBeenCalledTimes(1);
  });

  it('disables the button with the reason as its description, and says without a docs base where to read more', async () => {
    renderWithProviders(<DeviceActionSection action="reboot" availability={{ isAvailable: false, reason: 'notOnline' }} docsUrl={null} isRunning={false} onRun={() => undefined} />);
    const button = (await screen.findByRole('button', { name: 'Reboot' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The device must be online');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('The documentation explains each action in detail.')).toBeTruthy();
  });

  it('says "checking" while the roles load, and shows progress while it runs', async () => {
    renderWithProviders(<DeviceActionSection action="identify" availability={null} docsUrl={null} isRunning onRun={() => undefined} />);
    expect(((await screen.findByRole('button', { name: 'Identify' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Checking your permissions…')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Running…');
  });
});
