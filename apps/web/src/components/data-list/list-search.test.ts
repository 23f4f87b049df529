import { describe, expect, it } from 'vitest';
import { listParams, listSearch, listSearchValidator, nextSort, type ListConfig } from './list-search.ts';

const config: ListConfig = {
  tableId: 't',
  fields: {
    name: { kind: 'text', path: 'device_name' },
    seen: { kind: 'date', path: 'last_connectivity_event' },
    status: { kind: 'enum', path: 'overall_status', options: ['operational'] },
    cloudlink: { kind: 'boolean', path: 'is_connected_to_vpn' },
    tags: { kind: 'tag', path: 'device_tag' },
  },
  pageSizes: [50, 100, 10_000],
  defaultPageSize: 50,
  defaultSort: { field: 'name', direction: 'asc' },
};
const validate = listSearchValidator(config);

describe('listSearchValidator', () => {
  it('names every key it owns, undefined where the URL held something invalid (the router lays it over the raw search)', () => {
    const out = validate({ dir: 'sideways', filters: 'abc', page: 'x', size: 7, sort: 'nope' });
    expect(Object.keys(out).sort()).toEqual(['dir', 'filters', 'page', 'size', 'sort']);
    expect({ ...{ dir: 'sideways', filters: 'abc', q: 1.1 }, ...out }).toEqual({ q: 1.1, dir: undefined, filters: undefined, page: undefined, size: undefined, sort: undefined });
  });


  it('keeps a valid state as the URL gives it (numbers and JSON already parsed by the router)', () => {
    const filters = [
      { field: 'name', op: 'contains', value: 'pump' },
      { field: 'seen', op: 'before', value: '2024-05-01' },
    ];
    expect(validate({ page: 3, size: 100, sort: 'seen', dir: 'desc', filters })).toEqual({ page: 3, size: 100, sort: 'seen', dir: 'desc', filters });
  });

  it('accepts numbers written as text', () => {
    expect(validate({ page: '2', size: '10000' })).toEqual({ page: 2, size: 10_000 });
  });

  it('drops what is not valid for this list, key by key', () => {
    expect(
      validate({
        page: -1,
        size: 7,
        sort: 'password',
        dir: 'sideways',
        filters: [
          { field: 'name', op: 'gt', value: '1' },
          { field: 'nope', op: 'is', value: 'x' },
          { field: 'seen', op: 'after', value: 'tomorrow' },
          { field: 'status', op: 'is', value: 'operational' },
          'garbage',
        ],
        other: 1,
      }),
    ).toEqual({ filters: [{ field: 'status', op: 'is', value: 'operational' }] });
    expect(validate({ filters: 'name:contains:x' })).toEqual({});
    expect(validate({ filters: Array.from({ length: 21 }, () => ({ field: 'name', op: 'is', value: 'a' })) })).toEqual({});
  });

  it('leaves defaults out, so the plain URL is the default view', () => {
    expect(validate({ page: 1, size: 50 })).toEqual({});
    expect(validate({})).toEqual({});
  });
});

describe('boolean and tag rules in the URL', () => {
  it('keeps a cloudlink rule written true/false and a tag rule, and drops the rest', () => {
    const kept = [
      { field: 'cloudlink', op: 'is', value: 'true' },
      { field: 'cloudlink', op: 'is_not', value: 'false' },
      { field: 'tags', op: 'contains', value: 'location: lab' },
      { field: 'tags', op: 'not_contains', value: 'ops' },
    ];
    const dropped = [
      { field: 'cloudlink', op: 'is', value: 'connected' },
      { field: 'cloudlink', op: 'contains', value: 'true' },
      { field: 'tags', op: 'is', value: 'lab' },
      { field: 'tags', op: 'contains', value: ' : ' },
    ];
    expect(validate({ filters: [...kept, ...dropped] })).toEqual({ filters: kept });
  });

  it('never sorts on tags: the URL keeps the default sort, a boolean sorts', () => {
    expect(validate({ sort: 'tags' })).toEqual({});
    expect(listParams({ sort: 'tags' }, config).sort).toEqual({ field: 'name', direction: 'asc' });
    expect(validate({ sort: 'cloudlink' })).toEqual({ sort: 'cloudlink' });
  });
});

describe('listParams / listSearch', () => {
  it('applies defaults and round-trips', () => {
    expect(listParams({}, config)).toEqual({ page: 1, pageSize: 50, sort: { field: 'name', direction: 'asc' }, filters: [] });
    const params = listParams({ page: 2, sort: 'seen', filters: [{ field: 'name', op: 'is', value: 'a' }] }, config);
    expect(params.sort).toEqual({ field: 'seen', direction: 'asc' });
    expect(listSearch(params, config)).toEqual({ page: 2, sort: 'seen', dir: 'asc', filters: [{ field: 'name', op: 'is', value: 'a' }] });
    expect(listSearch(listParams({ dir: 'desc' }, config), config)).toEqual({ sort: 'name', dir: 'desc' });
  });

  it('a header click flips the active field and starts another ascending', () => {
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toEqual({ field: 'name', direction: 'asc' });
    expect(nextSort({ field: 'name', direction: 'desc' }, 'seen')).toEqual({ field: 'seen', direction: 'asc' });
  });
});
