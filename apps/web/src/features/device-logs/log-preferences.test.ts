import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage.ts';
import { DEFAULT_LOG_PREFERENCES, readLogPreferences, writeLogPreferences } from './log-preferences.ts';

describe('log panel preferences (fleets spec §2 "Preferences stored: UTC mode and hide timestamps")', () => {
  it('remembers UTC and hidden timestamps per user', () => {
    const storage = memoryStorage();
    writeLogPreferences(storage, 'user-1', { isUtc: true, hideTimestamps: true });
    expect(readLogPreferences(storage, 'user-1')).toEqual({ isUtc: true, hideTimestamps: true });
    expect(readLogPreferences(storage, 'user-2')).toEqual(DEFAULT_LOG_PREFERENCES);
    expect(storage.entries.get('flotilla.deviceLogs.user-1')).toBe('{"isUtc":true,"hideTimestamps":true}');
  });

  it('gives the defaults for an unknown user, broken or foreign values and a storage that throws', () => {
    expect(readLogPreferences(memoryStorage({ 'flotilla.deviceLogs.u': '{"isUtc":true}' }), null)).toEqual(DEFAULT_LOG_PREFERENCES);
    expect(readLogPreferences(memoryStorage({ 'flotilla.deviceLogs.u': 'not json' }), 'u')).toEqual(DEFAULT_LOG_PREFERENCES);
    expect(readLogPreferences(memoryStorage({ 'flotilla.deviceLogs.u': '{"isUtc":"yes","hideTimestamps":true}' }), 'u')).toEqual({ isUtc: false, hideTimestamps: true });
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    expect(readLogPreferences(throwing, 'u')).toEqual(DEFAULT_LOG_PREFERENCES);
    expect(() => writeLogPreferences(throwing, 'u', { isUtc: true, hideTimestamps: false })).not.toThrow();
  });
});
