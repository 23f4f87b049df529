import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage.ts';
import { columnChoiceKey, readHiddenColumns, toggleHidden, writeHiddenColumns, type ColumnSpec } from './column-choice.ts';

const columns: ColumnSpec[] = [{ id: 'name', isHideable: false }, { id: 'uuid' }, { id: 'supervisor', isHiddenByDefault: true }, { id: 'ip' }];

describe('column choice', () => {
  it('starts from the defaults and remembers per user and table', () => {
    const storage = memoryStorage();
    expect(readHiddenColumns(storage, 'devices', 'user-1', columns)).toEqual(['supervisor']);
    writeHiddenColumns(storage, 'devices', 'user-1', ['uuid']);
    expect(storage.entries.get(columnChoiceKey('devices', 'user-1'))).toBe('{"hidden":["uuid"]}');
    expect(readHiddenColumns(storage, 'devices', 'user-1', columns)).toEqual(['uuid']);
    expect(readHiddenColumns(storage, 'devices', 'user-2', columns)).toEqual(['supervisor']);
    expect(readHiddenColumns(storage, 'releases', 'user-1', columns)).toEqual(['supervisor']);
  });

  it('ignores what it cannot use: bad JSON, another shape, unknown or unhideable columns, no storage', () => {
    const key = columnChoiceKey('devices', 'u');
    expect(readHiddenColumns(memoryStorage({ [key]: '{oops' }), 'devices', 'u', columns)).toEqual(['supervisor']);
    expect(readHiddenColumns(memoryStorage({ [key]: '["uuid"]' }), 'devices', 'u', columns)).toEqual(['supervisor']);
    expect(readHiddenColumns(memoryStorage({ [key]: '{"hidden":["name","gone","ip"]}' }), 'devices', 'u', columns)).toEqual(['ip']);
    expect(readHiddenColumns(null, 'devices', 'u', columns)).toEqual(['supervisor']);
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); }, removeItem: () => undefined };
    expect(readHiddenColumns(throwing, 'devices', 'u', columns)).toEqual(['supervisor']);
    expect(() => writeHiddenColumns(throwing, 'devices', 'u', [])).not.toThrow();
  });

  it('toggles a column, never the one naming the row', () => {
    expect(toggleHidden([], { id: 'uuid' })).toEqual(['uuid']);
    expect(toggleHidden(['uuid', 'ip'], { id: 'uuid' })).toEqual(['ip']);
    expect(toggleHidden([], { id: 'name', isHideable: false })).toEqual([]);
  });
});
