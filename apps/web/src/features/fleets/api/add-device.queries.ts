import { queryOptions } from '@tanstack/react-query';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as device from '@flotilla/core/schemas/odata/device';
import * as plan from '@flotilla/core/schemas/odata/plan';
import * as release from '@flotilla/core/schemas/odata/release';
import * as subscription from '@flotilla/core/schemas/odata/subscription';
import { odataCount, odataList } from '../../../lib/odata.ts';
import { osLineOf, type HostOsVersion } from '../add-device.ts';

/**
 * What the "Add device" dialog reads besides the device types (fleets spec §2 "Add-device
 * dialog", §5 "Add device"): the organization's standing against the free device allowance and
 * the host OS versions of a device type. The config request itself: add-device.mutations.ts.
 */
export const addDeviceKeys = {
  all: ['add-device'] as const,
  allowance: (organizationId: number) => [...addDeviceKeys.all, 'allowance', organizationId] as const,
  osVersions: (deviceTypeId: number) => [...addDeviceKeys.all, 'os-versions', deviceTypeId] as const,
};

const activeSubscription = subscription.row.pick({ id: true }).extend({ is_for__plan: expanded(plan.row.pick({ billing_code: true })) });

export interface DeviceAllowanceStanding {
  /** The active subscription's plan; null when none is readable (a free organization). */
  billingCode: string | null;
  /** The organization's active devices in all its fleets. */
  activeDeviceCount: number;
}

/**
 * The inputs of the free-allowance rule (`@flotilla/core/device-allowance`): the organization's
 * active plan and its active devices, across every fleet
 * (`device/$count?$filter=is_active eq true and belongs_to__application/any(a:a/organization eq …)`).
 */
export function deviceAllowanceQuery(organizationId: number) {
  return queryOptions({
    queryKey: addDeviceKeys.allowance(organizationId),
    queryFn: async (): Promise<DeviceAllowanceStanding> => {
      const [subscriptions, activeDeviceCount] = await Promise.all([
        odataList(activeSubscription, {
          resource: subscription.resource,
          options: {
            $select: ['id'],
            $filter: { is_for__organization: organizationId, is_active: true },
            $expand: { is_for__plan: { $select: ['billing_code'] } },
          },
        }),
        odataCount(device.resource, {
          is_active: true,
          belongs_to__application: { $any: { $alias: 'a', $expr: { a: { organization: organizationId } } } },
        }),
      ]);
      return { billingCode: subscriptions[0]?.is_for__plan[0]?.billing_code ?? null, activeDeviceCount };
    },
    // Errors show in the dialog with Retry.
    meta: { silent: true },
  });
}

const hostRelease = release.row.pick({ id: true, raw_version: true, phase: true });

/**
 * The host OS versions of a device type, newest first: successful, valid releases of the host
 * applications (`is_host`) made for that type, as the server publishes them from its OS release
 * catalog (apps/api/reference-data/os-releases.json). With none for the type the dialog warns
 * "No versions available" (fleets spec §8).
 */
export function hostOsVersionsQuery(deviceTypeId: number) {
  return queryOptions({
    queryKey: addDeviceKeys.osVersions(deviceTypeId),
    queryFn: async (): Promise<HostOsVersion[]> => {
      const rows = await odataList(hostRelease, {
        resource: release.resource,
        options: {
          $select: ['id', 'raw_version', 'phase'],
          $filter: {
            status: 'success',
            is_invalidated: false,
            belongs_to__application: { $any: { $alias: 'a', $expr: { a: { is_host: true, is_for__device_type: deviceTypeId } } } },
          },
          $orderby: [{ semver_major: 'desc' }, { semver_minor: 'desc' }, { semver_patch: 'desc' }, { created_at: 'desc' }],
        },
      });
      return rows.map((r) => ({ rawVersion: r.raw_version, line: osLineOf(r.phase, r.raw_version) }));
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}
