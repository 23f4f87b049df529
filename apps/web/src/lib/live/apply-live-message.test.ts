import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveDevice, LiveMessage } from '@flotilla/core/schemas/live-events';
import { deviceKeys, type DeviceDetail, type DeviceRow } from '../../features/devices/api/devices.queries.ts';
import type { ListParams } from '../../components/data-list/list-search.ts';
import type { ODataPage } from '../odata.ts';
import { deviceTagKeys, type DeviceTagRow } from '../../features/device-summary/api/device-tags.queries.ts';
import { applyLiveMessage, mergeDevice, OFF_PAGE_REREAD_MS } from './apply-live-message.ts';

const uuid = 'b'.repeat(32);
const byName: ListParams = { page: 1, pageSize: 50, sort: { field: 'name', direction: 'asc' }, filters: [] };
const byStatus: ListParams = { ...byName, sort: { field: 'status', direction: 'asc' } };

function pushed(over: Partial<LiveDevice> = {}): LiveDevice {
  return {
    id: 1, uuid, device_name: 'pump', belongs_to__application: { __id: 7 }, overall_status: 'operational', overall_progress: null,
    api_heartbeat_state: 'online', is_online: true, is_connected_to_vpn: true, is_active: true, is_frozen: false,
    last_connectivity_event: '2026-11-27T09:00:00.000Z', os_version: 'balenaOS 6.0.0', os_variant: 'prod', supervisor_version: '17.0.0',
    ip_address: '10.0.0.2', public_address: '1.2.3.4', mac_address: null, update_status: 'done', last_update_status_event: null,
    note: null, is_web_accessible: false, is_accessible_by_support_until__date: null, latitude: null, longitude: null,
    custom_latitude: null, custom_longitude: null, cpu_usage: 10, cpu_temp: 40, memory_usage: 100, memory_total: 1000,
    storage_usage: 1, storage_total: 10, is_undervolted: false, is_running__release: { __id: 3 }, should_be_running__release: { __id: 3 },
    device_tag: [], device_config_variable: [],
    ...over,
  };
}

/** A cached row as the device list selects it (a subset of the pushed fields, expansions as arrays). */
function row(over: Partial<DeviceRow> = {}): DeviceRow {
  const p = pushed();
  return {
    id: p.id, uuid: p.uuid, device_name: p.device_name, overall_status: p.overall_status, overall_progress: null, api_heartbeat_state: 'online',
    is_online: true, last_connectivity_event: p.last_connectivity_event, os_version: p.os_version, os_variant: p.os_variant,
    supervisor_version: p.supervisor_version, ip_address: p.ip_address, public_address: p.public_address, mac_address: null,
    is_connected_to_vpn: true, is_active: true, latitude: null, longitude: null, custom_latitude: null, custom_longitude: null,
    is_of__device_type: [{ slug: 'raspberrypi4-64', name: 'Raspberry Pi 4' }], is_running__release: [{ id: 3, commit: 'abc', raw_version: '1.0.0' }],
    device_tag: [],
    ...over,
  };
}

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

const page = (rows: DeviceRow[]): ODataPage<DeviceRow> => ({ rows, total: rows.length, isScopeEmpty: false });
const msg = (topic: string, event: LiveMessage['event']): LiveMessage => ({ topic, event });
const isInvalid = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveMessage', () => {
  it("writes a pushed status and metrics into the device's detail, keeping its expansions and its data time", () => {
    const qc = client();
    const detail = { ...row(), cpu_usage: 10, memory_usage: 100, memory_total: 1000, belongs_to__application: [{ id: 7, app_name: 'f', slug: 'o/f', organization: { __id: 1 } }] };
    qc.setQueryData(deviceKeys.detail(uuid), detail, { updatedAt: 1000 });
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device', device: pushed({ overall_status: 'disconnected', cpu_usage: 93, memory_usage: 700 }) }));
    const after = qc.getQueryData<DeviceDetail>(deviceKeys.detail(uuid))!;
    expect(after).toMatchObject({ overall_status: 'disconnected', cpu_usage: 93, memory_usage: 700 });
    expect(after.belongs_to__application).toEqual(detail.belongs_to__application);
    expect(qc.getQueryState(deviceKeys.detail(uuid))!.dataUpdatedAt).toBe(1000);
    expect(isInvalid(qc, deviceKeys.detail(uuid))).toBe(false);
  });

  it('updates the row of every cached page that shows the device, only with the fields a row has', () => {
    const qc = client();
    const other = row({ id: 2, uuid: 'c'.repeat(32), device_name: 'other' });
    qc.setQueryData(deviceKeys.page(7, byName), page([other, row()]));
    applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ api_heartbeat_state: 'offline', cpu_usage: 99 }) }));
    const rows = qc.getQueryData<ODataPage<DeviceRow>>(deviceKeys.page(7, byName))!.rows;
    expect(rows[1]!.api_heartbeat_state).toBe('offline');
    expect(rows[1]).not.toHaveProperty('cpu_usage');
    expect(rows[0]).toBe(other);
    expect(isInvalid(qc, deviceKeys.page(7, byName))).toBe(false);
  });

  it('re-reads a page sorted by a field that changed, and one whose expanded release moved on', () => {
    const qc = client();
    qc.setQueryData(deviceKeys.page(7, byStatus), page([row()]));
    qc.setQueryData(deviceKeys.page(7, byName), page([row()]));
    applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ overall_status: 'disconnected' }) }));
    expect(isInvalid(qc, deviceKeys.page(7, byStatus))).toBe(true);
    expect(isInvalid(qc, deviceKeys.page(7, byName))).toBe(false);
    applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ is_running__release: { __id: 4 } }) }));
    expect(isInvalid(qc, deviceKeys.page(7, byName))).toBe(true);
  });

  it('re-reads the list when membership changes: new in the fleet, removed, or a batch; never another fleet', () => {
    for (const event of [
      { type: 'device', device: pushed(), isNewInFleet: true },
      { type: 'device-removed', uuid, id: 1 },
      { type: 'fleet-devices-changed', fleetId: 7 },
    ] as const) {
      const qc = client();
      qc.setQueryData(deviceKeys.page(7, byName), page([]));
      qc.setQueryData(deviceKeys.page(8, byName), page([]));
      applyLiveMessage(qc, msg('fleet:7:devices', event));
      expect(isInvalid(qc, deviceKeys.page(7, byName))).toBe(true);
      expect(isInvalid(qc, deviceKeys.page(8, byName))).toBe(false);
    }
  });

  it('leaves an unfiltered page alone for a device it does not show; re-reads a filtered one at once, then once per window for what came meanwhile', () => {
    vi.useFakeTimers();
    try {
      const qc = client();
      const filtered: ListParams = { ...byName, filters: [{ field: 'status', op: 'is', value: 'disconnected' }] };
      qc.setQueryData(deviceKeys.page(7, byName), page([]));
      qc.setQueryData(deviceKeys.page(7, filtered), page([]));
      applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ overall_status: 'disconnected' }) }));
      expect(isInvalid(qc, deviceKeys.page(7, byName))).toBe(false);
      expect(isInvalid(qc, deviceKeys.page(7, filtered))).toBe(true);
      // A burst within the window: no read now, one at the window's end (the last change is not lost).
      qc.setQueryData(deviceKeys.page(7, filtered), page([]));
      applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed() }));
      applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ overall_status: 'idle' }) }));
      expect(isInvalid(qc, deviceKeys.page(7, filtered))).toBe(false);
      vi.advanceTimersByTime(OFF_PAGE_REREAD_MS - 1);
      expect(isInvalid(qc, deviceKeys.page(7, filtered))).toBe(false);
      vi.advanceTimersByTime(1);
      expect(isInvalid(qc, deviceKeys.page(7, filtered))).toBe(true);
      // Nothing more came: no further read.
      qc.setQueryData(deviceKeys.page(7, filtered), page([]));
      vi.advanceTimersByTime(OFF_PAGE_REREAD_MS * 3);
      expect(isInvalid(qc, deviceKeys.page(7, filtered))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("re-reads a detail whose device was removed or moved to another fleet", () => {
    const qc = client();
    const detail = { ...row(), belongs_to__application: [{ id: 7, app_name: 'f', slug: 'o/f', organization: { __id: 1 } }] };
    qc.setQueryData(deviceKeys.detail(uuid), detail);
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device', device: pushed({ belongs_to__application: { __id: 9 } }) }));
    expect(isInvalid(qc, deviceKeys.detail(uuid))).toBe(true);
    qc.setQueryData(deviceKeys.detail(uuid), detail);
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device-removed', uuid, id: 1 }));
    expect(isInvalid(qc, deviceKeys.detail(uuid))).toBe(true);
  });
});

describe('applyLiveMessage: tags and local mode', () => {
  const tags = (...keys: string[]) => keys.map((k) => ({ tag_key: k, value: `v-${k}` }));

  it("writes pushed tags into a row's chips (as many as the row shows, and one more), without a re-read", () => {
    const qc = client();
    qc.setQueryData(deviceKeys.page(7, byName), page([row({ device_tag: tags('a') })]));
    applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ device_tag: tags('a', 'b', 'c', 'd', 'e', 'f') }) }));
    const after = qc.getQueryData<ODataPage<DeviceRow>>(deviceKeys.page(7, byName))!.rows[0]!;
    expect(after.device_tag).toEqual(tags('a', 'b', 'c', 'd'));
    expect(isInvalid(qc, deviceKeys.page(7, byName))).toBe(false);
  });

  it('re-reads a page filtered by tags when the tags changed, and not when they did not', () => {
    const qc = client();
    const byTag: ListParams = { ...byName, filters: [{ field: 'tags', op: 'is', value: 'a' }] };
    qc.setQueryData(deviceKeys.page(7, byTag), page([row({ device_tag: tags('a') })]));
    applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ device_tag: tags('a') }) }));
    expect(isInvalid(qc, deviceKeys.page(7, byTag))).toBe(false);
    applyLiveMessage(qc, msg('fleet:7:devices', { type: 'device', device: pushed({ device_tag: [] }) }));
    expect(isInvalid(qc, deviceKeys.page(7, byTag))).toBe(true);
  });

  it("writes pushed local mode variables into the device's detail", () => {
    const qc = client();
    qc.setQueryData(deviceKeys.detail(uuid), { ...row(), device_config_variable: [] });
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device', device: pushed({ device_config_variable: [{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }] }) }));
    expect(qc.getQueryData<DeviceDetail>(deviceKeys.detail(uuid))!.device_config_variable).toEqual([{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }]);
    expect(isInvalid(qc, deviceKeys.detail(uuid))).toBe(false);
  });

  it("re-reads the summary's tags card when the pushed tags differ from what it holds, only then", () => {
    const qc = client();
    const card: DeviceTagRow[] = tags('a', 'b').map((t, i) => ({ id: i + 1, ...t }));
    qc.setQueryData(deviceTagKeys.list(1), card);
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device', device: pushed({ device_tag: tags('a', 'b') }) }));
    expect(isInvalid(qc, deviceTagKeys.list(1))).toBe(false);
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device', device: pushed({ device_tag: [{ tag_key: 'a', value: 'changed' }, tags('b')[0]!] }) }));
    expect(isInvalid(qc, deviceTagKeys.list(1))).toBe(true);
    qc.setQueryData(deviceTagKeys.list(1), card);
    applyLiveMessage(qc, msg(`device:${uuid}`, { type: 'device', device: pushed({ device_tag: tags('a') }) }));
    expect(isInvalid(qc, deviceTagKeys.list(1))).toBe(true);
  });
});

describe('mergeDevice', () => {
  it('returns the cached object itself when nothing it holds changed', () => {
    const cached = row();
    const merged = mergeDevice(cached, pushed({ cpu_usage: 50 }));
    expect(merged.value).toBe(cached);
    expect(merged.changed.size).toBe(0);
  });
});
