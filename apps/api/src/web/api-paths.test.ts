import { describe, expect, it } from 'vitest';
import { isApiPath, looksLikeFile } from './api-paths.ts';

describe('isApiPath', () => {
  it.each([
    '/v7', '/v7/application', '/resin/device', '/login_', '/user/register', '/user/v1/refresh-token',
    '/actor/v1/whoami', '/api-key/user/full', '/device/register', '/device/v3/abc/state', '/config',
    '/config/vars', '/ping', '/device-types/v1', '/supervisor/v1/reboot', '/auth/totp/verify', '/download',
  ])('%s is an API path', (path) => {
    expect(isApiPath(path)).toBe(true);
  });

  it.each([
    '/', '/login', '/signup', '/fleets', '/fleets/12/devices', '/fleets/12/config', '/devices/abc',
    '/v7x', '/users', '/configure', '/user/verify-email/pending', '/user/reset-password/abc', '/downloads',
  ])('%s belongs to the dashboard', (path) => {
    expect(isApiPath(path)).toBe(false);
  });
});

describe('looksLikeFile', () => {
  it('recognises paths that ask for a file', () => {
    expect(looksLikeFile('/assets/index-abc123.js')).toBe(true);
    expect(looksLikeFile('/favicon.ico')).toBe(true);
    // The build's precompressed siblings are never pages (web.routes.ts serves them in place of their file).
    expect(looksLikeFile('/assets/index-abc123.js.br')).toBe(true);
    expect(looksLikeFile('/index.html.gz')).toBe(true);
    expect(looksLikeFile('/fleets/12')).toBe(false);
    expect(looksLikeFile('/devices/0123abcd')).toBe(false);
  });

  it('treats a dotted page segment (an invitation token) as a page', () => {
    expect(looksLikeFile('/organization/invitation/eyJyZXNvdXJjZSI6Im9yZyJ9.c2VjcmV0')).toBe(false);
    expect(looksLikeFile('/fleets/my.fleet')).toBe(false);
    expect(looksLikeFile('/CHANGELOG.md')).toBe(true);
  });
});
