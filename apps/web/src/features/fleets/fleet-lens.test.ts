import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage.ts';
import { fleetLensKey, readFleetLens, writeFleetLens } from './fleet-lens.ts';

describe('fleet lens', () => {
  it('is the table until the user chose, and per user', () => {
    const storage = memoryStorage();
    expect(readFleetLens(storage, 'user-1')).toBe('table');
    writeFleetLens(storage, 'user-1', 'grid');
    expect(storage.entries.get(fleetLensKey('user-1'))).toBe('grid');
    expect(readFleetLens(storage, 'user-1')).toBe('grid');
    expect(readFleetLens(storage, 'user-2')).toBe('table');
  });

  it('falls back to the table for an unknown user, a stored value it does not know, or no storage', () => {
    expect(readFleetLens(memoryStorage({ [fleetLensKey('user-1')]: 'grid' }), null)).toBe('table');
    expect(readFleetLens(memoryStorage({ [fleetLensKey('user-1')]: 'map' }), 'user-1')).toBe('table');
    expect(readFleetLens(null, 'user-1')).toBe('table');
  });

  it('survives a storage that throws', () => {
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    expect(readFleetLens(throwing, 'user-1')).toBe('table');
    expect(() => writeFleetLens(throwing, 'user-1', 'grid')).not.toThrow();
  });
});
