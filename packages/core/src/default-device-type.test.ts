import { describe, expect, it } from 'vitest';
import { deviceTypeChoices, isDeviceTypeChangeAllowed, otherArchitectureCount } from './default-device-type.ts';

const types = [
  { id: 1, slug: 'raspberrypi4-64', name: 'Raspberry Pi 4 (using 64bit OS)', cpuArchitecture: 'aarch64' },
  { id: 2, slug: 'raspberrypi3', name: 'Raspberry Pi 3', cpuArchitecture: 'armv7hf' },
  { id: 3, slug: 'generic-aarch64', name: 'Generic AARCH64', cpuArchitecture: 'aarch64' },
  { id: 4, slug: 'intel-nuc', name: 'Intel NUC', cpuArchitecture: 'amd64' },
];

describe('default device type change (fleets spec §5 "Fleet changes")', () => {
  it('offers only the types of the same CPU architecture, sorted by name', () => {
    expect(deviceTypeChoices(types, { cpuArchitecture: 'aarch64' }).map((t) => t.slug)).toEqual(['generic-aarch64', 'raspberrypi4-64']);
    expect(deviceTypeChoices(types, { cpuArchitecture: 'amd64' }).map((t) => t.slug)).toEqual(['intel-nuc']);
  });

  it('does not offer a compatible-but-different architecture either (armv7hf for an aarch64 fleet)', () => {
    expect(isDeviceTypeChangeAllowed('aarch64', 'armv7hf')).toBe(false);
    expect(isDeviceTypeChangeAllowed('armv7hf', 'aarch64')).toBe(false);
    expect(isDeviceTypeChangeAllowed('aarch64', 'aarch64')).toBe(true);
  });

  it('offers nothing when the fleet architecture is unknown', () => {
    expect(deviceTypeChoices(types, { cpuArchitecture: null })).toEqual([]);
    expect(isDeviceTypeChangeAllowed(null, null)).toBe(false);
  });

  it('counts the types left out', () => {
    expect(otherArchitectureCount(types, { cpuArchitecture: 'aarch64' })).toBe(2);
  });
});
