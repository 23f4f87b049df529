import { describe, expect, it } from 'vitest';
import { pine } from '../../lib/pine.ts';
import { devicesRunningSearch, releaseListFilter, releaseListParams, releaseSearchFilter, validateReleaseListSearch } from './release-list.ts';
import { validateDeviceListSearch } from '../devices/device-list.ts';

/** The `$filter` text pinejs-client-core sends for a filter (what the server parses). */
const filterText = (filter: ReturnType<typeof releaseListFilter>) =>
  decodeURIComponent(pine.compile({ resource: 'release', options: { $filter: filter } })).replace(/^release\?\$filter=/, '');

describe('release list search state', () => {
  it('keeps a page above 1 and a non-blank search, drops the rest', () => {
    expect(validateReleaseListSearch({ page: '3', q: '1.2' })).toEqual({ page: 3, q: '1.2' });
    expect(validateReleaseListSearch({ page: '1', q: '   ' })).toEqual({});
    // `?q=1.1` arrives parsed as a number: dropped, and named so it hides the raw value.
    expect(validateReleaseListSearch({ q: 1.1 })).toHaveProperty('q', undefined);
    expect(validateReleaseListSearch({ page: 'x', q: 5 })).toEqual({});
    expect(validateReleaseListSearch({ q: 'a'.repeat(500) }).q).toHaveLength(200);
    expect(releaseListParams({})).toEqual({ page: 1, q: '' });
    expect(releaseListParams({ page: 2, q: ' v1 ' })).toEqual({ page: 2, q: 'v1' });
  });
});

describe('release list filter', () => {
  it('scopes to the fleet, not invalidated, success or running', () => {
    expect(filterText(releaseListFilter(7, ''))).toBe("belongs_to__application eq 7 and is_invalidated eq false and status in ('success','running')");
  });

  it('searches the version or any tag key or value, ignoring case', () => {
    expect(filterText(releaseListFilter(7, ' V1.2 '))).toBe(
      "belongs_to__application eq 7 and is_invalidated eq false and status in ('success','running') and " +
        "(contains(tolower(raw_version),'v1.2') or release_tag/any(tag:contains(tolower(tag/tag_key),'v1.2') or contains(tolower(tag/value),'v1.2')))",
    );
  });

  it('reads "key: value" as a tag with both, and a lone colon as a version search only', () => {
    expect(filterText(releaseSearchFilter('env: prod')!)).toBe(
      "contains(tolower(raw_version),'env: prod') or release_tag/any(tag:contains(tolower(tag/tag_key),'env') and contains(tolower(tag/value),'prod'))",
    );
    expect(filterText(releaseSearchFilter(':')!)).toBe("contains(tolower(raw_version),':')");
    expect(releaseSearchFilter('  ')).toBeNull();
  });

  it('links "running on" to the device list filtered by the release version, a search the device list accepts', () => {
    const search = devicesRunningSearch('1.2.3+rev1');
    expect(validateDeviceListSearch(search)).toEqual(search);
  });
});
