import { describe, expect, it } from 'vitest';
import { applicationPath, classHasPage, classOfPrefix, correctClassHref } from './application-class.ts';

describe('application classes', () => {
  it('maps URL prefixes to classes and back', () => {
    expect(classOfPrefix('fleets')).toBe('fleet');
    expect(classOfPrefix('apps')).toBe('app');
    expect(classOfPrefix('blocks')).toBe('block');
    expect(classOfPrefix('orgs')).toBeNull();
    expect(applicationPath('block', 7)).toBe('/blocks/7');
    expect(applicationPath('app', 7, 'settings')).toBe('/apps/7/settings');
  });

  it('gives apps and blocks no devices, variables, configuration or provisioning keys', () => {
    for (const page of ['devices', 'envvars', 'config', 'api-keys'] as const) {
      expect(classHasPage('fleet', page)).toBe(true);
      expect(classHasPage('block', page)).toBe(false);
      expect(classHasPage('app', page)).toBe(false);
    }
    expect(classHasPage('block', 'settings')).toBe(true);
  });

  it('moves a URL under the right prefix, keeping the page, search and hash it can', () => {
    expect(correctClassHref('block', '/fleets/12/settings?tab=1#x')).toBe('/blocks/12/settings?tab=1#x');
    expect(correctClassHref('fleet', '/apps/12')).toBe('/fleets/12');
    expect(correctClassHref('fleet', '/fleets/12/members')).toBeNull();
    // A block has no device list: its summary instead.
    expect(correctClassHref('block', '/fleets/12/devices?page=2')).toBe('/blocks/12');
  });
});
