import { ownKeys } from '../../components/data-list/list-search.ts';
import { z } from 'zod';
import type { PineFilter } from '@flotilla/core/list-filter';
import { parseTagQuery, tagAnyFilter } from '@flotilla/core/list-filter-tag';

/**
 * The fleet's release list (/fleets/$fleetId/releases, fleets spec §2 "Releases list", §7
 * "Releases"): releases with status success (and not invalidated) or running, newest first,
 * paged by the server at 50, searched on version or tag, polled every 6 s (§9).
 */
export const RELEASE_PAGE_SIZE = 50;
export const RELEASE_LIST_POLL_MS = 6_000;
/** Typing settles this long before the search is sent (and written to the URL). */
export const RELEASE_SEARCH_DEBOUNCE_MS = 300;
/** Tag chips a row shows; the query asks for one more to tell "and more". */
export const RELEASE_TAG_CHIPS = 3;
/** Longer searches are cut: nobody types a version or tag that long, and the URL stays small. */
export const MAX_RELEASE_SEARCH = 200;

/** The list's state as the URL holds it (defaults left out): `?page=2&q=1.2`. */
export interface ReleaseListSearch {
  page?: number;
  q?: string;
}

/** The list's state with defaults applied; `page` counts from 1, `q` is '' without a search. */
export interface ReleaseListParams {
  page: number;
  q: string;
}

/** The route's `validateSearch`: a page above 1 and a non-blank search are kept, the rest dropped. */
export function validateReleaseListSearch(search: Record<string, unknown>): ReleaseListSearch {
  const out: ReleaseListSearch = ownKeys<ReleaseListSearch>(['page', 'q'], {});
  const page = z.coerce.number().int().min(2).max(1_000_000).safeParse(search.page);
  if (page.success) out.page = page.data;
  const q = z.string().safeParse(search.q);
  if (q.success && q.data.trim() !== '') out.q = q.data.slice(0, MAX_RELEASE_SEARCH);
  return out;
}

export function releaseListParams(search: ReleaseListSearch): ReleaseListParams {
  return { page: search.page ?? 1, q: search.q?.trim() ?? '' };
}

/**
 * The releases the list shows at all (its scope): the fleet's successful releases that are not
 * invalidated, and its builds still running (a build in progress has a row of its own).
 */
export function releaseListScope(fleetId: number): PineFilter {
  return {
    belongs_to__application: fleetId,
    is_invalidated: false,
    status: { $in: ['success', 'running'] },
  };
}

/**
 * The search box: a release whose version contains the text, or with a tag whose key or value
 * contains it ("key: value" asks for both, as the device list's tag filter reads it). Case is
 * ignored. Null for a blank search.
 */
export function releaseSearchFilter(text: string): PineFilter | null {
  const needle = text.trim().toLowerCase();
  if (needle === '') return null;
  const version: PineFilter = { $contains: [{ $tolower: { $: 'raw_version' } }, needle] };
  const tag = parseTagQuery(text);
  return tag === null ? version : { $or: [version, tagAnyFilter('release_tag', tag)] };
}

/** The scope and the search, as one `$filter` (also counted for the total). */
export function releaseListFilter(fleetId: number, text: string): PineFilter {
  const scope = releaseListScope(fleetId);
  const search = releaseSearchFilter(text);
  return search === null ? scope : { $and: [scope, search] };
}

/**
 * The device list's search for devices running a release (fleets spec §2 route table: the
 * device list "accepts a filter query, for example devices running a given release version").
 */
export function devicesRunningSearch(rawVersion: string) {
  return { filters: [{ field: 'release', op: 'is' as const, value: rawVersion }] };
}
