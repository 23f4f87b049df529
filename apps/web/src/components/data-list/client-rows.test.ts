import { describe, expect, it } from 'vitest';
import { clientListPage, valueAt, type ClientListConfig } from './client-rows.ts';

interface Key {
  id: number;
  title: string;
  created_at: string;
  expiry: string | null;
  uses: number;
  role: Array<{ name: string }>;
}

const config: ClientListConfig = {
  tableId: 'keys',
  fields: {
    title: { kind: 'text', path: 'title' },
    created: { kind: 'date', path: 'created_at' },
    expiry: { kind: 'date', path: 'expiry' },
    uses: { kind: 'number', path: 'uses' },
    role: { kind: 'enum', path: ['role', 'name'], options: ['admin', 'member'] },
  },
  defaultSort: { field: 'created', direction: 'desc' },
};

const rows: Key[] = [
  { id: 1, title: 'laptop', created_at: '2024-05-01T10:00:00.000Z', expiry: null, uses: 10, role: [{ name: 'admin' }] },
  { id: 2, title: 'Desktop', created_at: '2024-06-01T10:00:00.000Z', expiry: '2025-01-01T00:00:00.000Z', uses: 9, role: [{ name: 'member' }] },
  { id: 3, title: 'ci', created_at: '2024-04-01T10:00:00.000Z', expiry: '2024-12-01T00:00:00.000Z', uses: 100, role: [] },
];
const ids = (page: { rows: Key[] }) => page.rows.map((r) => r.id);
const sortBy = (field: string, direction: 'asc' | 'desc' = 'asc') => ({ sort: { field, direction }, filters: [] });

describe('valueAt', () => {
  it('reads a property, a path through objects and through expanded navigations (their first row)', () => {
    expect(valueAt(rows[0], 'title')).toBe('laptop');
    expect(valueAt(rows[0], ['role', 'name'])).toBe('admin');
    expect(valueAt(rows[2], ['role', 'name'])).toBeUndefined();
    expect(valueAt({ application: { app_name: 'a' } }, ['application', 'app_name'])).toBe('a');
    expect(valueAt(null, 'title')).toBeUndefined();
  });
});

describe('clientListPage', () => {
  it('keeps every row, in the given sort, and counts them', () => {
    const page = clientListPage(rows, config, sortBy('created', 'desc'));
    expect(ids(page)).toEqual([2, 1, 3]);
    expect(page.total).toBe(3);
    expect(page.isScopeEmpty).toBe(false);
  });

  it('sorts text ignoring case, numbers by value and empty values last (first when descending)', () => {
    expect(ids(clientListPage(rows, config, sortBy('title')))).toEqual([3, 2, 1]);
    expect(ids(clientListPage(rows, config, sortBy('uses')))).toEqual([2, 1, 3]);
    expect(ids(clientListPage(rows, config, sortBy('expiry')))).toEqual([3, 2, 1]);
    expect(ids(clientListPage(rows, config, sortBy('expiry', 'desc')))).toEqual([1, 2, 3]);
  });

  it('falls back to the default sort for an unknown field and keeps the arrival order of equal values', () => {
    expect(ids(clientListPage(rows, config, sortBy('password')))).toEqual([3, 1, 2]);
    const twins = [rows[0]!, { ...rows[0]!, id: 9 }];
    expect(ids(clientListPage(twins, config, sortBy('title', 'desc')))).toEqual([1, 9]);
  });

  it('applies every rule (AND) with the server’s meaning, and tells "no match" from an empty list', () => {
    const filtered = clientListPage(rows, config, {
      sort: { field: 'title', direction: 'asc' },
      filters: [
        { field: 'title', op: 'contains', value: 'TOP' },
        { field: 'role', op: 'is_not', value: 'admin' },
      ],
    });
    expect(ids(filtered)).toEqual([2]);
    expect(filtered.total).toBe(1);
    const none = clientListPage(rows, config, { sort: config.defaultSort, filters: [{ field: 'uses', op: 'gt', value: '1000' }] });
    expect(none).toEqual({ rows: [], total: 0, isScopeEmpty: false });
    expect(clientListPage([], config, { sort: config.defaultSort, filters: [{ field: 'uses', op: 'gt', value: '1000' }] }).isScopeEmpty).toBe(true);
  });
});

describe('boolean and tag fields on loaded rows', () => {
  interface Device {
    id: number;
    name: string;
    is_connected_to_vpn: boolean;
    device_tag: Array<{ tag_key: string; value: string }>;
  }
  const devices: Device[] = [
    { id: 1, name: 'a', is_connected_to_vpn: true, device_tag: [{ tag_key: 'location', value: 'North Lab' }] },
    { id: 2, name: 'b', is_connected_to_vpn: false, device_tag: [{ tag_key: 'owner', value: 'lab-team' }, { tag_key: 'location', value: 'roof' }] },
    { id: 3, name: 'c', is_connected_to_vpn: true, device_tag: [] },
  ];
  const deviceConfig: ClientListConfig = {
    tableId: 'devices',
    fields: { name: { kind: 'text', path: 'name' }, cloudlink: { kind: 'boolean', path: 'is_connected_to_vpn' }, tags: { kind: 'tag', path: 'device_tag' } },
    defaultSort: { field: 'name', direction: 'asc' },
  };
  const page = (filters: Array<{ field: string; op: 'is' | 'is_not' | 'contains' | 'not_contains'; value: string }>, sort = { field: 'name', direction: 'asc' as const }) =>
    clientListPage(devices, deviceConfig, { sort, filters }).rows.map((d) => d.id);

  it('looks at every tag of a row, not only the first', () => {
    expect(page([{ field: 'tags', op: 'contains', value: 'location: roof' }])).toEqual([2]);
    expect(page([{ field: 'tags', op: 'contains', value: 'lab' }])).toEqual([1, 2]);
    expect(page([{ field: 'tags', op: 'not_contains', value: 'location' }])).toEqual([3]);
  });

  it('filters and sorts on a boolean (false before true ascending); a sort on tags falls back to the default', () => {
    expect(page([{ field: 'cloudlink', op: 'is', value: 'true' }])).toEqual([1, 3]);
    expect(page([{ field: 'cloudlink', op: 'is_not', value: 'true' }])).toEqual([2]);
    expect(page([], { field: 'cloudlink', direction: 'asc' })).toEqual([2, 1, 3]);
    expect(page([], { field: 'tags', direction: 'asc' })).toEqual([1, 2, 3]);
  });
});
