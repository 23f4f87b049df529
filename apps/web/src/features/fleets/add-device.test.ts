import { describe, expect, it } from 'vitest';
import { addDeviceKeyName, simulatorCommand } from './add-device.ts';

describe('add device', () => {
  it('builds the agent command from the server, the key and the fleet device type', () => {
    expect(simulatorCommand('https://flotilla.example', 'k3y', 'raspberrypi4-64')).toBe(
      'npx tsx apps/device/src/cli.ts --api https://flotilla.example --provisioning-key k3y --device-type raspberrypi4-64',
    );
  });

  it('names the key after the day it was made', () => {
    expect(addDeviceKeyName(new Date('2026-11-25T10:00:00Z'))).toBe('add-device-2026-11-25');
  });
});
