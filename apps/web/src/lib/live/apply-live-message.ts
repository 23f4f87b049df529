import type { QueryClient } from '@tanstack/react-query';
import { LIVE_DEVICE_TAGS, type LiveDevice, type LiveMessage } from '@flotilla/core/schemas/live-events';
import type { ListParams } from '../../components/data-list/list-search.ts';
import { deviceKeys, type DeviceDetail, type DeviceRow } from '../../features/devices/api/devices.queries.ts';
import { DEVICE_LIST, DEVICE_TAG_CHIPS } from '../../features/devices/device-list.ts';
import { deviceTagKeys, type DeviceTagRow } from '../../features/device-summary/api/device-tags.queries.ts';
import type { ODataPage } from '../odata.ts';

/**
 * A pushed change written into the query cache, so the screen updates without asking the API:
 * - the device's detail and the rows of every cached page of its fleet that show it take the
 *   pushed fields (only those the cached object has: a row keeps its own selection);
 * - what the push cannot fill in is re-read instead: a navigation that changed (another fleet or
 *   release: the cache holds them expanded), a page sorted or filtered by a field that changed
 *   (the row may belong elsewhere now), and list membership (a device new in the fleet, gone
 *   from it, or a batch too large to list).
 * A page sorted or filtered away from the default cannot tell whether a device it does not show
 * now matches: it re-reads, at once and then at most once per OFF_PAGE_REREAD_MS.
 * Tags and local mode variables come as lists (the device's first tags by key, its local mode
 * variables): a row's tag chips and the detail's variables take them; the summary's tags card,
 * which holds every tag with its id, re-reads when the pushed tags differ from what it holds.
 */
export function applyLiveMessage(queryClient: QueryClient, { topic, event }: LiveMessage): void {
  if (event.type === 'fleet-devices-changed') {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.byFleet(event.fleetId) });
    return;
  }
  if (event.type === 'device-removed') {
    const fleet = fleetOfTopic(topic);
    if (fleet !== undefined) void queryClient.invalidateQueries({ queryKey: deviceKeys.byFleet(fleet) });
    else void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(event.uuid), exact: true });
    return;
  }
  const pushed = event.device;
  updateDetail(queryClient, pushed);
  reReadTagsCardIfChanged(queryClient, pushed);
  const fleet = fleetOfTopic(topic);
  if (fleet === undefined) return;
  if (event.isNewInFleet) {
    void queryClient.invalidateQueries({ queryKey: deviceKeys.byFleet(fleet) });
    return;
  }
  for (const [queryKey, page] of queryClient.getQueriesData<ODataPage<DeviceRow>>({ queryKey: deviceKeys.byFleet(fleet) })) {
    const params = queryKey[4];
    if (!page || !isListParams(params)) continue;
    const index = page.rows.findIndex((row) => row.uuid === pushed.uuid);
    if (index === -1) {
      if (isNarrowed(params)) reReadThrottled(queryClient, queryKey);
      continue;
    }
    const merged = mergeDevice(page.rows[index]!, pushed);
    if (merged.needsReRead || (merged.changed.size > 0 && ordersOrFiltersBy(params, merged.changed))) {
      void queryClient.invalidateQueries({ queryKey, exact: true });
      continue;
    }
    if (merged.changed.size === 0) continue;
    const rows = page.rows.slice();
    rows[index] = merged.value;
    queryClient.setQueryData(queryKey, { ...page, rows }, { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt });
  }
}

/** A page's key ends with its ListParams (deviceKeys.page). */
function isListParams(value: unknown): value is ListParams {
  return typeof value === 'object' && value !== null && 'sort' in value && 'filters' in value && Array.isArray((value as { filters: unknown }).filters);
}

function updateDetail(queryClient: QueryClient, pushed: LiveDevice): void {
  const key = deviceKeys.detail(pushed.uuid);
  const cached = queryClient.getQueryData<DeviceDetail | null>(key);
  if (!cached) return;
  const merged = mergeDevice(cached, pushed);
  if (merged.needsReRead) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  // The data is as fresh as the push: a later poll still happens on its own schedule.
  else if (merged.changed.size > 0) queryClient.setQueryData(key, merged.value, { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt });
}

interface Merged<T> {
  value: T;
  /** The fields whose value the push changed. */
  changed: Set<string>;
  /** An expanded navigation (fleet, release) now points elsewhere: only a read can fill it in. */
  needsReRead: boolean;
}

/**
 * Lists of the device's own rows, pushed whole (not links to re-read). A list row shows the
 * first DEVICE_TAG_CHIPS tags and knows of one more; the push carries LIVE_DEVICE_TAGS (more).
 */
const PUSHED_LISTS: Record<string, number> = { device_tag: DEVICE_TAG_CHIPS + 1, device_config_variable: Infinity };

/** The pushed fields the cached object holds, over it; expansions compared by id, lists by content. */
export function mergeDevice<T extends Record<string, unknown>>(cached: T, pushed: LiveDevice): Merged<T> {
  const value: Record<string, unknown> = { ...cached };
  const changed = new Set<string>();
  let needsReRead = false;
  for (const [field, pushedValue] of Object.entries(pushed)) {
    if (!(field in cached)) continue;
    const now = cached[field];
    const limit = PUSHED_LISTS[field];
    const next = limit !== undefined && Array.isArray(pushedValue) ? pushedValue.slice(0, limit) : pushedValue;
    if (limit !== undefined) {
      if (JSON.stringify(now) === JSON.stringify(next)) continue;
      value[field] = next;
      changed.add(field);
      continue;
    }
    if (Array.isArray(now)) {
      // Cached expanded (`[{ id, … }]`), pushed as a link (`{ __id }` or null).
      const cachedId = (now[0] as { id?: unknown } | undefined)?.id ?? null;
      const pushedId = (next as { __id: number } | null)?.__id ?? null;
      if (cachedId !== pushedId) needsReRead = true;
      continue;
    }
    if (now === next) continue;
    value[field] = next;
    changed.add(field);
  }
  return { value: changed.size > 0 ? (value as T) : cached, changed, needsReRead };
}

/** The tags card holds every tag (with ids the push lacks): a difference in the pushed first ones is re-read. */
function reReadTagsCardIfChanged(queryClient: QueryClient, pushed: LiveDevice): void {
  const key = deviceTagKeys.list(pushed.id);
  const cached = queryClient.getQueryData<DeviceTagRow[]>(key);
  if (!cached) return;
  // A push that is full may leave tags out: only the first ones are compared then.
  const capped = pushed.device_tag.length >= LIVE_DEVICE_TAGS;
  const held = (capped ? cached.slice(0, LIVE_DEVICE_TAGS) : cached).map((t) => ({ tag_key: t.tag_key, value: t.value }));
  if (JSON.stringify(held) !== JSON.stringify(pushed.device_tag)) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

function fleetOfTopic(topic: string): number | undefined {
  const match = /^fleet:(\d+):devices$/.exec(topic);
  return match ? Number(match[1]) : undefined;
}

/** The device field a list field reads (`status` → overall_status); a path through a navigation has none. */
function columnOf(listField: string): string | undefined {
  const path = DEVICE_LIST.fields[listField]?.path;
  return typeof path === 'string' ? path : undefined;
}

function ordersOrFiltersBy(params: ListParams, fields: ReadonlySet<string>): boolean {
  const used = [params.sort.field, ...params.filters.map((f) => f.field)].map(columnOf);
  return used.some((column) => column !== undefined && fields.has(column));
}

/** Filtered, or sorted otherwise than by name: a change to a device off the page may bring it in. */
function isNarrowed(params: ListParams): boolean {
  return params.filters.length > 0 || params.sort.field !== DEVICE_LIST.defaultSort.field;
}

/**
 * How often a narrowed page re-reads for devices it does not show: at once for the first change,
 * then once at the end of each window for whatever came meanwhile — so the last of a burst (a
 * fleet's devices re-linking one by one) is never dropped, and a burst costs one read per window.
 */
export const OFF_PAGE_REREAD_MS = 5_000;

const reReads = new WeakMap<QueryClient, Map<string, { last: number; trailing: ReturnType<typeof setTimeout> | null }>>();
function reReadThrottled(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  let byKey = reReads.get(queryClient);
  if (!byKey) reReads.set(queryClient, (byKey = new Map()));
  const id = JSON.stringify(queryKey);
  const state = byKey.get(id) ?? { last: 0, trailing: null };
  byKey.set(id, state);
  const reRead = () => {
    state.last = Date.now();
    state.trailing = null;
    void queryClient.invalidateQueries({ queryKey, exact: true });
  };
  const wait = state.last + OFF_PAGE_REREAD_MS - Date.now();
  if (wait <= 0) reRead();
  else state.trailing ??= setTimeout(reRead, wait);
}
