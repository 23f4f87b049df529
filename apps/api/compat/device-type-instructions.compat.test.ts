// balena-sdk deviceType.getInstallMethod / getInstructions against the seeded device type
// contracts (compat/balena-api.md §6.4: `data.media.defaultBoot`, `data.flashProtocol`, `partials`).
import { describe, expect, it } from 'vitest';
import { signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('device type install method and instructions', () => {
  it('SD card boards boot externally with a complete last step, image types use their partials, Jetsons keep jetsonFlash', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const dt = sdk.models.deviceType;
    for (const slug of ['raspberrypi4-64', 'raspberrypi3', 'raspberrypi5', 'beaglebone-black']) {
      expect(await dt.getInstallMethod(slug)).toBe('externalBoot');
      const steps = (await dt.getInstructions(slug)) as string[];
      const name = await dt.getName(slug);
      expect(steps.at(-1)).toBe(`Connect power to the ${name} to boot the device.`);
      expect(steps.every((step) => step.trim().length > 0)).toBe(true);
    }
    for (const slug of ['intel-nuc', 'generic-amd64', 'generic-aarch64']) {
      expect(await dt.getInstallMethod(slug)).toBe('image');
      const steps = (await dt.getInstructions(slug)) as string[];
      expect(steps).toHaveLength(1);
      expect(steps[0]).toContain(`power on the ${await dt.getName(slug)}`);
    }
    expect(await dt.getInstallMethod('jetson-orin-nano')).toBe('jetsonFlash');
    expect(await dt.getInstructions('jetson-orin-nano')).toEqual([expect.stringContaining('Jetson Flash tool')]);
  });
});
