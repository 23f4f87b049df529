// balena-sdk's OS and supervisor models against a live Flotilla server (compat/balena-api.md
// §2.11 #25 and #26, §6.4): OS versions as releases of public host apps, supported device types,
// and the dashboard's setSupervisorRelease (SDK 23: device.pinToSupervisorRelease) through the supervisor apps of each CPU architecture.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOsReleaseCatalog } from '../src/os-releases/os-release-catalog.ts';
import { seedOsReleases } from '../src/os-releases/os-release-seed.ts';
import { joinOrganization, orgAndFleet, registeredDevice, sdkFor, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();
beforeAll(async () => {
  await seedOsReleases(server.current.database.db, loadOsReleaseCatalog());
});

const setVersions = (id: number, os: string, supervisor: string) =>
  server.current.database.db.updateTable('device').set({ os_version: os, os_variant: 'prod', supervisor_version: supervisor }).where('id', '=', id).execute();

describe('OS versions', () => {
  it('lists the OS versions of a device type, with lines, variants and the ESR ones, without signing in', async () => {
    const versions = await sdkFor(server.current).models.os.getAvailableOsVersions('raspberrypi4-64');
    const byVersion = new Map(versions.map((v) => [v.raw_version, v]));
    expect(byVersion.get('6.1.4')).toMatchObject({ line: 'next', osType: 'default', variant: '' });
    expect(byVersion.get('5.3.21')).toMatchObject({ line: 'sunset' });
    expect(byVersion.get('2.115.1+rev1.prod')).toMatchObject({ line: 'outdated', variant: 'prod', strippedVersion: '2.115.1+rev1' });
    expect(byVersion.get('2024.10.1')).toMatchObject({ line: 'current', osType: 'esr', basedOnVersion: '5.3.21' });
    expect(byVersion.get('2023.1.0')).toBeUndefined();
  });

  it('lists as supported exactly the device types with a published host OS', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const slugs = (await sdk.models.deviceType.getAllSupported({ $select: ['slug'] })).map((d) => d.slug);
    expect(slugs).toEqual(expect.arrayContaining(['raspberrypi4-64', 'raspberrypi3', 'intel-nuc', 'jetson-orin-nano']));
    // generic-aarch64 carries only the aarch64 supervisor app; beaglebone-black has no OS published.
    expect(slugs).not.toContain('generic-aarch64');
    expect(slugs).not.toContain('beaglebone-black');
  });

  it('offers the updates balena-hup-action-utils allows from a running version', async () => {
    const { versions, current } = await sdkFor(server.current).models.os.getSupportedOsUpdateVersions('raspberrypi4-64', '6.0.0');
    expect(current).toBe('6.0.0');
    expect(versions).toEqual(expect.arrayContaining(['6.1.4', '6.0.13']));
    expect(versions).not.toContain('5.3.21');
  });
});

describe('supervisor release', () => {
  it('sets the supervisor release of a device to one of its architecture (should_be_managed_by__release)', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, fleet.slug);
    await setVersions(device.id, 'balenaOS 6.0.0', '17.0.0');
    await sdk.models.device.pinToSupervisorRelease(device.uuid, '17.1.2');
    const read = await sdk.models.device.get(device.uuid, { $select: ['id'], $expand: { should_be_managed_by__release: { $select: ['raw_version'] } } });
    expect(read.should_be_managed_by__release).toEqual([{ raw_version: '17.1.2' }]);
    await expect(sdk.models.device.pinToSupervisorRelease(device.uuid, '99.0.0')).rejects.toMatchObject({ code: 'BalenaReleaseNotFound' });
  });

  it('refuses the ESR supervisor and a fleet member without the permission', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, fleet.slug);
    await setVersions(device.id, 'balenaOS 2024.10.1', '16.7.4');
    await expect(sdk.models.device.pinToSupervisorRelease(device.uuid, '17.1.2')).rejects.toThrow(/Cannot update the ESR supervisor/);

    await setVersions(device.id, 'balenaOS 6.0.0', '17.0.0');
    const observer = await signedUpSdk(server.current);
    await joinOrganization(server.current, fleet.orgId, (await observer.sdk.auth.getUserInfo()).id);
    await sdk.models.application.membership.create({ application: fleet.fleetId, username: observer.username, roleName: 'observer' });
    await expect(observer.sdk.models.device.pinToSupervisorRelease(device.uuid, '17.1.2')).rejects.toThrow();
    const read = await sdk.models.device.get(device.uuid, { $select: ['should_be_managed_by__release'] });
    expect(read.should_be_managed_by__release).toBeNull();
  });
});
