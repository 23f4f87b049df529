import { describe, expect, it } from 'vitest';
import { downloadConfigBody } from '@flotilla/core/schemas/download-config';
import {
  addDeviceKeyName,
  addDeviceProblem,
  agentCommand,
  configFileName,
  downloadConfigRequest,
  imageUnavailableReason,
  initialAddDeviceForm,
  osLineOf,
  osLines,
  parsePollMinutes,
} from './add-device.ts';

const NOW = new Date('2026-11-25T10:00:00Z');

describe('add device', () => {
  it('names the key after the day it was made', () => {
    expect(addDeviceKeyName(NOW)).toBe('add-device-2026-11-25');
  });

  it('names the file after the fleet slug and starts the agent from it', () => {
    expect(configFileName('acme/greenhouse')).toBe('acme-greenhouse-config.json');
    expect(agentCommand('acme-greenhouse-config.json')).toBe('npx tsx apps/device/src/cli.ts --config acme-greenhouse-config.json');
  });

  it('asks for both WiFi fields, only on WiFi ("All fields must be filled in")', () => {
    const form = initialAddDeviceForm('raspberrypi4-64');
    expect(addDeviceProblem(form)).toBeNull();
    expect(addDeviceProblem({ ...form, network: 'wifi' })).toBe('fieldsMissing');
    expect(addDeviceProblem({ ...form, network: 'wifi', wifiSsid: 'home' })).toBe('fieldsMissing');
    expect(addDeviceProblem({ ...form, network: 'wifi', wifiSsid: '  ', wifiKey: 'secret12' })).toBe('fieldsMissing');
    expect(addDeviceProblem({ ...form, network: 'wifi', wifiSsid: 'home', wifiKey: 'secret12' })).toBeNull();
    expect(addDeviceProblem({ ...form, network: 'wifi', wifiSsid: 'x'.repeat(33), wifiKey: 'secret12' })).toBe('wifiTooLong');
    expect(addDeviceProblem({ ...form, network: 'ethernet', wifiSsid: '', wifiKey: '' })).toBeNull();
  });

  it('accepts a poll interval of whole minutes from 1 to 1440', () => {
    expect(parsePollMinutes('10')).toBe(10);
    expect(parsePollMinutes(' 1440 ')).toBe(1440);
    for (const bad of ['', '0', '1441', '2.5', '-3', 'ten']) expect(parsePollMinutes(bad)).toBeNull();
    expect(addDeviceProblem({ ...initialAddDeviceForm('x'), pollMinutes: '0' })).toBe('pollInterval');
  });

  it('builds a body the server accepts: wifi fields and version only when set, dev variant as development mode', () => {
    const ethernet = downloadConfigRequest(initialAddDeviceForm('raspberrypi4-64'), 7, NOW, 'Made by the Add device dialog');
    expect(ethernet).toEqual({
      appId: 7,
      deviceType: 'raspberrypi4-64',
      network: 'ethernet',
      appUpdatePollInterval: 10,
      developmentMode: false,
      provisioningKeyName: 'add-device-2026-11-25',
      provisioningKeyDescription: 'Made by the Add device dialog',
    });
    const wifi = downloadConfigRequest(
      { ...initialAddDeviceForm('raspberrypi5'), osVersion: '6.0.13', osVariant: 'dev', network: 'wifi', wifiSsid: ' home ', wifiKey: 'p4ss word', pollMinutes: '30' },
      7,
      NOW,
      'd',
    );
    expect(wifi).toMatchObject({ deviceType: 'raspberrypi5', version: '6.0.13', network: 'wifi', wifiSsid: 'home', wifiKey: 'p4ss word', appUpdatePollInterval: 30, developmentMode: true });
    expect(downloadConfigBody.safeParse(ethernet).success).toBe(true);
    expect(downloadConfigBody.safeParse(wifi).success).toBe(true);
  });

  it('orders OS lines current first and counts a release without a phase as current', () => {
    expect(osLineOf(null, '6.0.13')).toBe('current');
    expect(osLineOf('next', '6.1.0')).toBe('next');
    expect(osLines([{ rawVersion: '1', line: 'sunset' }, { rawVersion: '2', line: 'next' }, { rawVersion: '3', line: 'current' }, { rawVersion: '4', line: 'next' }])).toEqual([
      'current',
      'next',
      'sunset',
    ]);
  });

  it('puts ESR versions (major above 2000) on a line of their own, offered last', () => {
    expect(osLineOf(null, '2024.10.1')).toBe('esr');
    expect(osLineOf('current', '2024.10.1+rev2')).toBe('esr');
    expect(osLines([{ rawVersion: '2024.10.1', line: 'esr' }, { rawVersion: '6.0.13', line: 'current' }, { rawVersion: '6.1.0', line: 'next' }])).toEqual(['current', 'next', 'esr']);
  });

  it('says why the image cannot be downloaded', () => {
    expect(imageUnavailableReason([])).toBe('noVersions');
    expect(imageUnavailableReason([{ rawVersion: '6.0.13', line: 'current' }])).toBe('notServed');
  });
});
