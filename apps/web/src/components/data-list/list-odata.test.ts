import { describe, expect, it } from 'vitest';
import { PinejsClientCore, type Params } from 'pinejs-client-core';
import { listODataOptions } from './list-odata.ts';
import type { ListConfig } from './list-search.ts';

const config: ListConfig = {
  tableId: 't',
  fields: {
    name: { kind: 'text', path: 'device_name' },
    release: { kind: 'text', path: ['is_running__release', 'raw_version'] },
    seen: { kind: 'date', path: 'last_connectivity_event' },
    cloudlink: { kind: 'boolean', path: 'is_connected_to_vpn' },
    tags: { kind: 'tag', path: 'device_tag' },
  },
  pageSizes: [50],
  defaultPageSize: 50,
  defaultSort: { field: 'name', direction: 'asc' },
};

class Compiler extends PinejsClientCore {
  override _request(): Promise<NonNullable<unknown>> {
    return Promise.reject(new Error('not sent'));
  }
}
const pine = new Compiler({ apiPrefix: '/v7/' });
const url = (options: NonNullable<Params['options']>) => decodeURIComponent(pine.compile({ resource: 'device', options }));

describe('listODataOptions', () => {
  it('pages, sorts and filters on the server, in the balena URL dialect', () => {
    const o = listODataOptions(
      config,
      {
        page: 3,
        pageSize: 50,
        sort: { field: 'release', direction: 'desc' },
        filters: [
          { field: 'name', op: 'not_contains', value: 'Pump' },
          { field: 'release', op: 'is', value: '1.2.0' },
          { field: 'seen', op: 'after', value: '2024-05-01' },
        ],
      },
      { belongs_to__application: 7 },
    );
    expect(o.$top).toBe(50);
    expect(o.$skip).toBe(100);
    expect(url({ $filter: o.$filter, $orderby: o.$orderby, $top: o.$top, $skip: o.$skip })).toBe(
      "device?$filter=belongs_to__application eq 7 and not(contains(tolower(device_name),'pump')) and is_running__release/raw_version eq '1.2.0' and last_connectivity_event gt datetime'2024-05-01T00:00:00.000Z'" +
        '&$orderby=is_running__release/raw_version desc&$top=50&$skip=100',
    );
  });

  it('without rules sends the scope object itself (so an empty answer means an empty scope)', () => {
    const scope = { belongs_to__application: 7 };
    const o = listODataOptions(config, { page: 1, pageSize: 50, sort: { field: 'name', direction: 'asc' }, filters: [] }, scope);
    expect(o.$filter).toBe(scope);
    expect(o.$skip).toBe(0);
    expect(url({ $filter: o.$filter, $orderby: o.$orderby })).toBe('device?$filter=belongs_to__application eq 7&$orderby=device_name asc');
  });

  it('sends "matches RegEx" as matchesPattern with the pattern as an escaped text literal', () => {
    const o = listODataOptions(
      config,
      {
        page: 1,
        pageSize: 50,
        sort: { field: 'name', direction: 'asc' },
        filters: [
          { field: 'name', op: 'matches', value: "^it's $2|x$1" },
          { field: 'release', op: 'not_matches', value: '^1\\.' },
        ],
      },
      { belongs_to__application: 7 },
    );
    expect(url({ $filter: o.$filter })).toBe(
      "device?$filter=belongs_to__application eq 7 and (matchesPattern((device_name),('^it''s $2|x$1'))) and not((matchesPattern((is_running__release/raw_version),('^1\\.'))))",
    );
  });

  it('sends a cloudlink rule as a boolean literal and a tag rule as a lambda over device_tag', () => {
    const o = listODataOptions(
      config,
      {
        page: 1,
        pageSize: 50,
        // Sorting on tags is refused: the default sort stands.
        sort: { field: 'tags', direction: 'asc' },
        filters: [
          { field: 'cloudlink', op: 'is', value: 'true' },
          { field: 'tags', op: 'contains', value: "Site: O'Hare" },
          { field: 'tags', op: 'not_contains', value: 'Retired' },
        ],
      },
      { belongs_to__application: 7 },
    );
    expect(url({ $filter: o.$filter, $orderby: o.$orderby })).toBe(
      "device?$filter=belongs_to__application eq 7 and is_connected_to_vpn eq true" +
        " and device_tag/any(tag:contains(tolower(tag/tag_key),'site') and contains(tolower(tag/value),'o''hare'))" +
        " and not(device_tag/any(tag:contains(tolower(tag/tag_key),'retired') or contains(tolower(tag/value),'retired')))" +
        '&$orderby=device_name asc',
    );
  });
});
