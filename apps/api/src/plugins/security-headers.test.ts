import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isHttpsDeployment, tileOrigin } from './security-headers.ts';

const base = { codeHostApiUrl: 'https://api.github.com', avatarUrl: undefined, publicUrl: undefined, mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' };

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts, never framing, and forms to us or a loopback CLI callback', () => {
    const csp = contentSecurityPolicy(base);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'", 'http://127.0.0.1:*', 'http://localhost:*']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.github.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('lets forms post to the support portal when one is configured (/zendesk-login)', () => {
    const csp = contentSecurityPolicy({ ...base, supportPortal: { url: 'https://help.example.com/hc', jwtSecret: 'x'.repeat(32) } });
    expect(csp['form-action']).toContain('https://help.example.com');
  });

  it('lets Stripe.js in only with PAYMENT_PROVIDER=stripe: Stripe\'s sources, or the one origin of STRIPE_JS_URL', () => {
    expect(contentSecurityPolicy({ ...base, paymentProvider: 'local' })).not.toHaveProperty('frame-src');
    const stripe = contentSecurityPolicy({ ...base, paymentProvider: 'stripe' });
    expect(stripe['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toContain('https://api.stripe.com');
    const standIn = contentSecurityPolicy({ ...base, paymentProvider: 'stripe', stripeJsUrl: 'http://127.0.0.1:7788/v3/' });
    expect(standIn['script-src']).toEqual(["'self'", 'http://127.0.0.1:7788']);
    expect(standIn['frame-src']).toEqual(["'self'", 'http://127.0.0.1:7788']);
    expect(standIn['connect-src']).toContain('http://127.0.0.1:7788');
  });

  it("allows the map tiles' origin, a {s} subdomain as a wildcard", () => {
    expect(contentSecurityPolicy({ ...base, mapTileUrl: 'http://127.0.0.1:7777/tiles/{z}/{x}/{y}.png' })['img-src']).toContain('http://127.0.0.1:7777');
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin('not a url')).toBeNull();
  });

  it('adds the avatar service and code host origins from the configuration', () => {
    const csp = contentSecurityPolicy({ ...base, avatarUrl: 'https://avatars.example.com/avatar/{hash}?d=404', codeHostApiUrl: 'http://127.0.0.1:9999/api' });
    expect(csp['img-src']).toContain('https://avatars.example.com');
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9999']);
  });

  it('ignores an unusable configured URL instead of writing it into the policy', () => {
    const csp = contentSecurityPolicy({ ...base, avatarUrl: 'not a url {hash}', mapTileUrl: 'nope' });
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('upgrades insecure requests only behind https', () => {
    expect(contentSecurityPolicy({ ...base, publicUrl: 'https://fleet.example.com' })).toHaveProperty('upgrade-insecure-requests', []);
    expect(contentSecurityPolicy({ ...base, publicUrl: 'http://192.168.1.10:8080' })).not.toHaveProperty('upgrade-insecure-requests');
  });
});

describe('isHttpsDeployment', () => {
  it.each([
    [undefined, false],
    ['http://localhost:8080', false],
    ['https://fleet.example.com', true],
    ['nonsense', false],
  ])('%s → %s', (publicUrl, expected) => {
    expect(isHttpsDeployment({ publicUrl })).toBe(expected);
  });
});
