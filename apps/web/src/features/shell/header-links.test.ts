import { describe, expect, it } from 'vitest';
import type { HeaderLinks } from '@flotilla/core/schemas/config';
import { safeHttpUrl, visibleHeaderLinks } from './header-links.ts';

const NONE: HeaderLinks = { gettingStarted: null, docs: null, featureRequests: null, forums: null, help: null, serviceStatus: null, hub: null };

describe('visibleHeaderLinks', () => {
  it('shows nothing when nothing is configured (or before /config answered)', () => {
    expect(visibleHeaderLinks(NONE)).toEqual([]);
    expect(visibleHeaderLinks(undefined)).toEqual([]);
  });

  it('shows the configured links in the spec order, whatever order they were set in', () => {
    const links = { ...NONE, hub: 'https://hub.example.org', docs: 'https://docs.example.org/guide', gettingStarted: 'http://start.example.org/' };
    expect(visibleHeaderLinks(links)).toEqual([
      { key: 'gettingStarted', href: 'http://start.example.org/' },
      { key: 'docs', href: 'https://docs.example.org/guide' },
      { key: 'hub', href: 'https://hub.example.org/' },
    ]);
  });

  it('never turns a non-http value into a link', () => {
    expect(visibleHeaderLinks({ ...NONE, help: 'javascript:alert(1)', forums: 'not a url', docs: '' })).toEqual([]);
    expect(safeHttpUrl('mailto:help@example.org')).toBeNull();
  });
});
