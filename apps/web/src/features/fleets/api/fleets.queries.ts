import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { OVERALL_STATUSES, type OverallStatus } from '@flotilla/core/device-status';
import type { ApplicationClass } from '@flotilla/core/application-class';
import * as application from '@flotilla/core/schemas/odata/application';
import * as applicationType from '@flotilla/core/schemas/odata/application-type';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import * as organization from '@flotilla/core/schemas/odata/organization';
import * as release from '@flotilla/core/schemas/odata/release';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { odataCount, odataList, odataOne, odataPage, type ODataPage } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS, FLEET_LIST_POLL_MS } from '../../../lib/query-client.ts';
import { FLEET_LIST } from '../fleet-list.ts';

/** Query keys of the fleets area, everything under `all`: mutations invalidate through it. */
export const fleetKeys = {
  all: ['fleets'] as const,
  list: () => [...fleetKeys.all, 'list'] as const,
  /** One page of the fleet list: every URL state is its own entry. */
  page: (applicationClass: ApplicationClass, params: ListParams, withStatusCounts: boolean) =>
    [...fleetKeys.list(), applicationClass, 'page', params, withStatusCounts ? 'status-counts' : 'totals'] as const,
  /** The names of the user's fleets (the create dialog's suggestion avoids them). */
  names: (applicationClass: ApplicationClass) => [...fleetKeys.list(), applicationClass, 'names'] as const,
  detail: (id: number) => [...fleetKeys.all, 'detail', id] as const,
  deviceCounts: (id: number) => [...fleetKeys.detail(id), 'device-counts'] as const,
  frozenDevices: (id: number) => [...fleetKeys.detail(id), 'frozen-devices'] as const,
};

const FLEET_SELECT = ['id', 'app_name', 'slug', 'is_of__class', 'created_at'];
const FLEET_EXPAND = {
  is_for__device_type: { $select: ['slug', 'name'] },
  organization: { $select: ['id', 'name', 'handle'] },
  owns__device: { $count: {} },
  should_be_running__release: { $select: ['raw_version'] },
};

/** A fleet as the list shows it: FLEET_SELECT plus FLEET_EXPAND. */
const fleetRow = application.row.pick({ id: true, app_name: true, slug: true, is_of__class: true, created_at: true }).extend({
  is_for__device_type: expanded(deviceType.row.pick({ slug: true, name: true })),
  organization: expanded(organization.row.pick({ id: true, name: true, handle: true })),
  /** `owns__device/$count`. */
  owns__device: z.number().int(),
  /** The target release (fleets spec §2 "Fleet list": cards show the release). */
  should_be_running__release: z.array(release.row.pick({ raw_version: true })).max(1),
});
export type FleetRow = z.output<typeof fleetRow>;

/** The second query of a page: online devices of the page's fleets. */
const onlineCountRow = application.row.pick({ id: true }).extend({ owns__device: z.number().int() });

export type DeviceCountsByStatus = Record<OverallStatus, number>;

/** A row of the list; the grid lens's cards also count the fleet's devices per overall status. */
export type FleetListItem = FleetRow & { onlineDevices: number; statusCounts: DeviceCountsByStatus | null };

const emptyStatusCounts = (): DeviceCountsByStatus => ({
  configuring: 0, operational: 0, inactive: 0, 'post-provisioning': 0, updating: 0, 'reduced-functionality': 0, disconnected: 0,
});

/**
 * Devices per overall status of each fleet of a page (the grid lens's cards): one statement per
 * status, each counting for all the page's fleets at once (a navigation is expanded once per request).
 */
async function statusCountsOf(ids: readonly number[]): Promise<Map<number, DeviceCountsByStatus>> {
  const byFleet = new Map<number, DeviceCountsByStatus>(ids.map((id) => [id, emptyStatusCounts()]));
  await Promise.all(
    OVERALL_STATUSES.map(async (status) => {
      const rows = await odataList(onlineCountRow, {
        resource: application.resource,
        options: { $select: ['id'], $filter: { id: { $in: [...ids] } }, $expand: { owns__device: { $count: { $filter: { overall_status: status } } } } },
      });
      for (const row of rows) {
        const counts = byFleet.get(row.id);
        if (counts) counts[status] = row.owns__device;
      }
    }),
  );
  return byFleet;
}

/** The applications of one class the user can see directly (compat §6.5 access filter): the list's scope. */
const accessible = (applicationClass: ApplicationClass) => ({
  is_of__class: applicationClass,
  is_directly_accessible_by__user: { $any: { $alias: 'dau', $expr: { 1: 1 } } },
});

/**
 * One page of the user's fleets as the URL describes it (sort, rules, page size), with device
 * totals (`owns__device/$count`) and the total the same filter matches: paged, sorted and
 * filtered by the server. Then one more statement for the page's online counts (one navigation
 * cannot be expanded twice in one request), by the page's ids. Only the page on screen polls,
 * every 8 s (fleets spec §9); the previous page stays on screen while the next loads.
 */
export function fleetPageQuery(applicationClass: ApplicationClass, params: ListParams, withStatusCounts = false) {
  return queryOptions({
    queryKey: fleetKeys.page(applicationClass, params, withStatusCounts),
    queryFn: async (): Promise<ODataPage<FleetListItem>> => {
      const scope = accessible(applicationClass);
      const { $filter, $orderby, $top, $skip } = listODataOptions(FLEET_LIST, params, scope);
      const page = await odataPage(
        fleetRow,
        { resource: application.resource, options: { $select: FLEET_SELECT, $expand: FLEET_EXPAND, $filter, $orderby, $top, $skip } },
        scope,
      );
      const ids = page.rows.map((r) => r.id);
      const [online, countsById] = await Promise.all([
        ids.length === 0
          ? []
          : odataList(onlineCountRow, {
              resource: application.resource,
              options: {
                $select: ['id'],
                $filter: { id: { $in: ids } },
                $expand: { owns__device: { $count: { $filter: { api_heartbeat_state: 'online' } } } },
              },
            }),
        withStatusCounts && ids.length > 0 ? statusCountsOf(ids) : null,
      ]);
      const onlineById = new Map(online.map((r) => [r.id, r.owns__device]));
      return {
        ...page,
        rows: page.rows.map((row) => ({ ...row, onlineDevices: onlineById.get(row.id) ?? 0, statusCounts: countsById?.get(row.id) ?? null })),
      };
    },
    placeholderData: keepPreviousData,
    refetchInterval: FLEET_LIST_POLL_MS,
  });
}

const fleetNameRow = application.row.pick({ app_name: true });

/** The names of all the user's applications of a class, for the create dialog's suggested name (not a page of them). */
export function fleetNamesQuery(applicationClass: ApplicationClass) {
  return queryOptions({
    queryKey: fleetKeys.names(applicationClass),
    queryFn: async () => {
      const rows = await odataList(fleetNameRow, { resource: application.resource, options: { $select: ['app_name'], $filter: accessible(applicationClass) } });
      return rows.map((r) => r.app_name);
    },
  });
}

/**
 * The fleet on its own pages: the list's fields plus its settings (fleets spec §2 Fleet summary,
 * Fleet settings), without the device count: every page of a fleet reads this row (header,
 * breadcrumbs, permissions) and polls it, and counting a 100,000-device fleet each time cost as
 * much as the device list's own page (issue 9). The summary adds up its counts per status.
 */
const fleetWithSettingsRow = fleetRow
  .omit({ owns__device: true })
  .extend(
    application.row.pick({
      uuid: true,
      should_track_latest_release: true,
      is_public: true,
      is_stored_at__repository_url: true,
      is_accessible_by_support_until__date: true,
    }).shape,
  )
  .extend({
    /** Legacy types may be public without a repository URL (fleets spec §5 "Fleet changes"). */
    application_type: expanded(applicationType.row.pick({ id: true, name: true, slug: true, is_legacy: true })),
    organization: expanded(organization.row.pick({ id: true, name: true, handle: true, is_frozen: true })),
    /** The release targeting (fleets spec §4): the pinned or latest release, none when empty. */
    should_be_running__release: z.array(release.row.pick({ id: true, commit: true, raw_version: true })).max(1),
  });
export type FleetWithSettings = z.output<typeof fleetWithSettingsRow>;

/** One fleet, or null when it does not exist or is not visible to the user. */
export function fleetQuery(id: number) {
  return queryOptions({
    queryKey: fleetKeys.detail(id),
    queryFn: () =>
      odataOne(fleetWithSettingsRow, {
        resource: application.resource,
        id,
        options: {
          $select: [...FLEET_SELECT, 'uuid', 'should_track_latest_release', 'is_public', 'is_stored_at__repository_url', 'is_accessible_by_support_until__date'],
          $expand: {
            is_for__device_type: FLEET_EXPAND.is_for__device_type,
            organization: { $select: ['id', 'name', 'handle', 'is_frozen'] },
            application_type: { $select: ['id', 'name', 'slug', 'is_legacy'] },
            should_be_running__release: { $select: ['id', 'commit', 'raw_version'] },
          },
        },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/** Device counts per overall_status (fleets spec §2 Fleet summary): one `$count` per status. */
export function fleetDeviceCountsQuery(id: number) {
  return queryOptions({
    queryKey: fleetKeys.deviceCounts(id),
    queryFn: async (): Promise<DeviceCountsByStatus> => {
      const counts = await Promise.all(
        OVERALL_STATUSES.map(async (status) => [status, await odataCount(device.resource, { belongs_to__application: id, overall_status: status })] as const),
      );
      // Built key by key, so the record has every status without asserting its type.
      const byStatus = emptyStatusCounts();
      for (const [status, count] of counts) byStatus[status] = count;
      return byStatus;
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/** How many of a fleet's devices the dialog names (fleets spec §2 "Confirmation dialogs": up to 10). */
export const FROZEN_DEVICES_SHOWN = 10;

const frozenDeviceRow = device.row.pick({ id: true, uuid: true, device_name: true });

/**
 * The fleet's frozen devices (fleets spec §2 "Frozen devices" dialog): their total and the first
 * ten by name. A frozen device takes no new target state until its organization is unfrozen.
 */
export function fleetFrozenDevicesQuery(id: number) {
  return queryOptions({
    queryKey: fleetKeys.frozenDevices(id),
    queryFn: async () => {
      const filter = { belongs_to__application: id, is_frozen: true };
      const [total, rows] = await Promise.all([
        odataCount(device.resource, filter),
        odataList(frozenDeviceRow, {
          resource: device.resource,
          options: { $select: ['id', 'uuid', 'device_name'], $filter: filter, $orderby: { device_name: 'asc' }, $top: FROZEN_DEVICES_SHOWN },
        }),
      ]);
      return { total, rows };
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
