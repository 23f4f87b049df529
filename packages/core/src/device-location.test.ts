import { describe, expect, it } from 'vitest';
import { currentLocationMode, effectiveLocation, locationSave, parseCoordinate, reportedLocation } from './device-location.ts';

const none = { latitude: null, longitude: null, custom_latitude: null, custom_longitude: null };

describe('device location (fleets spec §2, §5)', () => {
  it('reads coordinates in range only', () => {
    expect(parseCoordinate('52.37', 'latitude')).toBe(52.37);
    expect(parseCoordinate('-179.5', 'longitude')).toBe(-179.5);
    expect(parseCoordinate('91', 'latitude')).toBeNull();
    expect(parseCoordinate('12abc', 'longitude')).toBeNull();
    expect(parseCoordinate('', 'latitude')).toBeNull();
  });

  it('shows the custom location over the reported one; none when neither is whole', () => {
    expect(effectiveLocation({ ...none, latitude: '1', longitude: '2', custom_latitude: '3', custom_longitude: '4' })).toEqual({ latitude: 3, longitude: 4 });
    expect(effectiveLocation({ ...none, latitude: '1', longitude: '2', custom_latitude: '', custom_longitude: '' })).toEqual({ latitude: 1, longitude: 2 });
    expect(reportedLocation({ ...none, latitude: '1' })).toBeNull();
    expect(effectiveLocation(none)).toBeNull();
    expect(currentLocationMode({ ...none, custom_latitude: '3', custom_longitude: '4' })).toBe('manual');
    expect(currentLocationMode(none)).toBe('automatic');
  });

  it('saves manual only with both numbers and a change; automatic unsets a custom location', () => {
    const custom = { ...none, custom_latitude: '3', custom_longitude: '4' };
    expect(locationSave(none, { mode: 'manual', latitude: '52.37', longitude: '' })).toEqual({ canSave: false, reason: 'bothRequired' });
    expect(locationSave(none, { mode: 'manual', latitude: 'x', longitude: '4' })).toEqual({ canSave: false, reason: 'invalid' });
    expect(locationSave(custom, { mode: 'manual', latitude: '3', longitude: '4.0' })).toEqual({ canSave: false, reason: 'unchanged' });
    expect(locationSave(custom, { mode: 'manual', latitude: '52.37', longitude: '4.89' })).toEqual({ canSave: true, patch: { custom_latitude: '52.37', custom_longitude: '4.89' } });
    expect(locationSave(custom, { mode: 'automatic', latitude: '', longitude: '' })).toEqual({ canSave: true, patch: { custom_latitude: '', custom_longitude: '' } });
    expect(locationSave(none, { mode: 'automatic', latitude: '', longitude: '' })).toEqual({ canSave: false, reason: 'unchanged' });
  });
});
