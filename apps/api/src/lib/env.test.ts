import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, parseTrustProxy } from './env.ts';

function problemsOf(raw: Record<string, string>): string[] {
  try {
    parseEnv(raw);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  throw new Error('expected the environment to be rejected');
}

describe('parseEnv', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(parseEnv({})).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', LOG_LEVEL: 'info', TRUST_PROXY: false, SHUTDOWN_TIMEOUT_MS: 10_000, DEMO_DEVICES: 5, DEMO_POLL_INTERVAL_MS: 10_000 });
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('treats an empty value as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '', SMTP_URL: '', LOG_LEVEL: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PORT).toBe(8080);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('converts numbers, flags and URLs it accepts', () => {
    const env = parseEnv({
      PORT: '0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PUBLIC_URL: 'https://fleet.example.com',
      REQUIRE_EMAIL_VERIFICATION: '1',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      AVATAR_URL: 'https://avatars.example.com/{hash}?d=404',
      GEOIP_URL: 'http://geo.example.com/json/{ip}?fields=status,lat,lon,city,country',
      LOG_LEVEL: 'debug',
      SHUTDOWN_TIMEOUT_MS: '2500',
      DEMO_DEVICES: '0',
    });
    expect(env.GEOIP_URL).toBe('http://geo.example.com/json/{ip}?fields=status,lat,lon,city,country');
    expect(env).toMatchObject({ PORT: 0, REQUIRE_EMAIL_VERIFICATION: true, LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT_MS: 2500, DEMO_DEVICES: 0 });
    expect(parseEnv({ REQUIRE_EMAIL_VERIFICATION: '0' }).REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgresql://db/flotilla' }).DATABASE_URL).toBe('postgresql://db/flotilla');
  });

  it('reads the header link URLs, unset when empty', () => {
    const env = parseEnv({ DOCS_URL: 'https://docs.example.com/', STATUS_PAGE_URL: 'http://status.example.com', HUB_URL: '' });
    expect(env).toMatchObject({ DOCS_URL: 'https://docs.example.com/', STATUS_PAGE_URL: 'http://status.example.com' });
    expect(env.HUB_URL).toBeUndefined();
    expect(env.FORUMS_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://db/flotilla'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'fleet.example.com'],
    ['PUBLIC_URL', 'ftp://fleet.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_LEVEL', 'INFO'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['REQUIRE_EMAIL_VERIFICATION', 'yes'],
    ['JWT_SECRET', 'short'],
    ['AVATAR_URL', 'javascript:alert(1)//{hash}'],
    ['ADMIN_URL', '/admin'],
    ['GEOIP_URL', 'http://geo.example.com/json/'],
    ['GEOIP_URL', 'file:///etc/{ip}'],
    ['DOCS_URL', 'docs.example.com'],
    ['GETTING_STARTED_URL', 'javascript:alert(1)'],
    ['FEATURE_REQUESTS_URL', 'mailto:ideas@example.com'],
    ['FORUMS_URL', '/forums'],
    ['HELP_URL', 'help'],
    ['STATUS_PAGE_URL', 'ftp://status.example.com'],
    ['HUB_URL', 'hub'],
    ['CAPTCHA_VERIFY_URL', 'siteverify'],
    ['CODE_HOST_API_URL', 'api.github.com'],
    ['REDIS_URL', 'http://redis:6379'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,not-an-address'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
    ['DEMO_DEVICES', 'many'],
    ['DEMO_POLL_INTERVAL_MS', '5'],
    ['DEMO_PASSWORD', 'short'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: must `));
  });

  it('takes the support portal as an https URL with a long secret, both or neither', () => {
    const secret = 'a'.repeat(32);
    expect(parseEnv({ SUPPORT_PORTAL_URL: 'https://help.example.com', SUPPORT_PORTAL_JWT_SECRET: secret })).toMatchObject({ SUPPORT_PORTAL_URL: 'https://help.example.com' });
    expect(parseEnv({ SUPPORT_PORTAL_URL: 'http://127.0.0.1:4000', SUPPORT_PORTAL_JWT_SECRET: secret }).SUPPORT_PORTAL_URL).toBe('http://127.0.0.1:4000');
    expect(problemsOf({ SUPPORT_PORTAL_URL: 'http://help.example.com', SUPPORT_PORTAL_JWT_SECRET: secret })[0]).toMatch(/^SUPPORT_PORTAL_URL: must be an https/);
    expect(problemsOf({ SUPPORT_PORTAL_URL: 'https://help.example.com', SUPPORT_PORTAL_JWT_SECRET: 'short' })[0]).toMatch(/^SUPPORT_PORTAL_JWT_SECRET: must be at least 32/);
    expect(problemsOf({ SUPPORT_PORTAL_URL: 'https://help.example.com' })[0]).toMatch(/^SUPPORT_PORTAL_JWT_SECRET: .*set together/);
    expect(problemsOf({ SUPPORT_PORTAL_JWT_SECRET: secret })[0]).toMatch(/^SUPPORT_PORTAL_URL: .*set together/);
  });

  it('names every bad variable in one message and never echoes a value', () => {
    const secret = 'mysql://admin:hunter2@db/flotilla';
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: secret, LOG_LEVEL: 'loud' });
      throw new Error('expected a rejection');
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid environment:\n/);
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(`${name}: `);
      expect(message).not.toContain('hunter2');
    }
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['', false],
    ['false', false],
    ['FALSE', false],
    ['true', true],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '300.1.1.1', '10.0.0.1,,10.0.0.2', 'example.com'])('rejects %j', (value) => {
    expect(parseTrustProxy(value)).toBeNull();
  });
});
