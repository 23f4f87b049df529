import { describe, expect, it } from 'vitest';
import { readFlag, writeFlag, type FlagStorage } from './experimental-flags.ts';

function memoryStorage(): FlagStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('experimental flags', () => {
  it('are off until turned on, and off again removes the entry', () => {
    const storage = memoryStorage();
    expect(readFlag('displayApps', storage)).toBe(false);
    writeFlag('displayApps', true, storage);
    expect(readFlag('displayApps', storage)).toBe(true);
    expect(storage.entries.get('flotilla.experimental.displayApps')).toBe('true');
    writeFlag('displayApps', false, storage);
    expect(readFlag('displayApps', storage)).toBe(false);
    expect(storage.entries.size).toBe(0);
  });

  it('read as off without storage (private mode, server rendering)', () => {
    expect(readFlag('displayApps', null)).toBe(false);
  });
});
