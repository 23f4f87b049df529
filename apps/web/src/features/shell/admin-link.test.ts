import { describe, expect, it } from 'vitest';
import { adminLinkFor } from './admin-link.ts';

describe('adminLinkFor', () => {
  it('links platform admins to the configured back office', () => {
    expect(adminLinkFor(true, 'https://admin.example.org/panel')).toBe('https://admin.example.org/panel');
    expect(adminLinkFor(true, 'http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000/');
  });

  it('offers no link to other users, or while flags are loading', () => {
    expect(adminLinkFor(false, 'https://admin.example.org/')).toBeNull();
    expect(adminLinkFor(undefined, 'https://admin.example.org/')).toBeNull();
  });

  it('offers no link when ADMIN_URL is unset, unparsable or not http(s)', () => {
    expect(adminLinkFor(true, null)).toBeNull();
    expect(adminLinkFor(true, '')).toBeNull();
    expect(adminLinkFor(true, 'not a url')).toBeNull();
    expect(adminLinkFor(true, 'javascript:alert(1)')).toBeNull();
  });
});
