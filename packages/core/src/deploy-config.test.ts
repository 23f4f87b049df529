import { describe, expect, it } from 'vitest';
import {
  DEPLOY_CONFIG_LIFETIME_MS,
  DEPLOY_MESSAGES,
  deployConfigFromSearch,
  deployDeviceTypeSlug,
  isDeployConfigFresh,
  parseDeployContract,
  readDeployConfig,
  repositoryFromUrl,
} from './deploy-config.ts';

const NOW = Date.UTC(2026, 10, 25, 12);

describe('deployConfigFromSearch', () => {
  it('keeps the four known parameters, trimmed, stamped with createdAt', () => {
    expect(
      deployConfigFromSearch(
        { repoUrl: ' https://github.com/acme/demo ', tarballUrl: 'https://x/t.tgz', configUrl: 'https://x/c.yml', defaultDeviceType: 'raspberrypi3', other: 'dropped' },
        NOW,
      ),
    ).toEqual({ createdAt: NOW, repoUrl: 'https://github.com/acme/demo', tarballUrl: 'https://x/t.tgz', configUrl: 'https://x/c.yml', defaultDeviceType: 'raspberrypi3' });
  });

  it('drops empty or non-text values, and answers null when nothing is left', () => {
    expect(deployConfigFromSearch({ repoUrl: '', defaultDeviceType: 42 }, NOW)).toBeNull();
    expect(deployConfigFromSearch({}, NOW)).toBeNull();
    expect(deployConfigFromSearch({ repoUrl: 'x'.repeat(5000), defaultDeviceType: 'rpi' }, NOW)).toEqual({ createdAt: NOW, defaultDeviceType: 'rpi' });
  });
});

describe('deploy config lifetime (fleets spec §4: less than one day old)', () => {
  it('is fresh just under a day, stale at a day, and never from the future', () => {
    expect(isDeployConfigFresh({ createdAt: NOW - DEPLOY_CONFIG_LIFETIME_MS + 1 }, NOW)).toBe(true);
    expect(isDeployConfigFresh({ createdAt: NOW - DEPLOY_CONFIG_LIFETIME_MS }, NOW)).toBe(false);
    expect(isDeployConfigFresh({ createdAt: NOW + 1000 }, NOW)).toBe(false);
  });

  it('reads a stored config only when well formed and fresh', () => {
    const stored = JSON.stringify({ createdAt: NOW - 1000, repoUrl: 'https://github.com/a/b' });
    expect(readDeployConfig(stored, NOW)).toEqual({ createdAt: NOW - 1000, repoUrl: 'https://github.com/a/b' });
    expect(readDeployConfig(JSON.stringify({ createdAt: NOW - DEPLOY_CONFIG_LIFETIME_MS - 1, repoUrl: 'x' }), NOW)).toBeNull();
    expect(readDeployConfig('{not json', NOW)).toBeNull();
    expect(readDeployConfig(JSON.stringify({ repoUrl: 'no createdAt' }), NOW)).toBeNull();
    expect(readDeployConfig(null, NOW)).toBeNull();
  });
});

describe('repositoryFromUrl (fleets spec §5: on the code-hosting site with owner and name)', () => {
  const GITHUB = 'https://api.github.com';
  it('reads owner and name from the site of the API (api. prefix dropped)', () => {
    expect(repositoryFromUrl('https://github.com/acme/demo', GITHUB)).toEqual({ owner: 'acme', name: 'demo' });
    expect(repositoryFromUrl('https://github.com/acme/demo.git', GITHUB)).toEqual({ owner: 'acme', name: 'demo' });
    expect(repositoryFromUrl('https://github.com/acme/demo/tree/main', GITHUB)).toEqual({ owner: 'acme', name: 'demo' });
    expect(repositoryFromUrl('http://127.0.0.1:4000/acme/demo', 'http://127.0.0.1:4000')).toEqual({ owner: 'acme', name: 'demo' });
  });

  it('ignores other sites, a missing name, credentials and odd paths', () => {
    expect(repositoryFromUrl('https://gitlab.com/acme/demo', GITHUB)).toBeNull();
    expect(repositoryFromUrl('https://github.com/acme', GITHUB)).toBeNull();
    expect(repositoryFromUrl('https://user:token@github.com/acme/demo', GITHUB)).toBeNull();
    expect(repositoryFromUrl('https://github.com/acme/demo/pulls', GITHUB)).toBeNull();
    expect(repositoryFromUrl('https://github.com/acme/..', GITHUB)).toBeNull();
    expect(repositoryFromUrl('not a url', GITHUB)).toBeNull();
    expect(repositoryFromUrl('javascript://github.com/acme/demo', GITHUB)).toBeNull();
  });
});

describe('parseDeployContract (fleets spec §5: a valid contract, else the invalid message)', () => {
  it('reads name, device types and variables', () => {
    const result = parseDeployContract(
      [
        'name: demo-app',
        'type: sw.application',
        'version: 1.2.0',
        'data:',
        '  defaultDeviceType: raspberrypi3',
        '  supportedDeviceTypes: [raspberrypi3, raspberrypi4-64]',
        '  applicationEnvironmentVariables:',
        '    - GREETING: hello',
        '    - PORT: 80',
        '  applicationConfigVariables:',
        '    - BALENA_HOST_CONFIG_gpu_mem: 128',
      ].join('\n'),
    );
    expect(result).toEqual({
      ok: true,
      contract: {
        name: 'demo-app',
        defaultDeviceType: 'raspberrypi3',
        supportedDeviceTypes: ['raspberrypi3', 'raspberrypi4-64'],
        applicationEnvironmentVariables: [
          { name: 'GREETING', value: 'hello' },
          { name: 'PORT', value: '80' },
        ],
        applicationConfigVariables: [{ name: 'BALENA_HOST_CONFIG_gpu_mem', value: '128' }],
      },
    });
  });

  it('accepts a contract without data', () => {
    expect(parseDeployContract('name: bare')).toMatchObject({ ok: true, contract: { name: 'bare', defaultDeviceType: null, applicationEnvironmentVariables: [] } });
  });

  it.each([
    ['not YAML', 'name: [unclosed'],
    ['not a mapping', '- a\n- b'],
    ['a scalar', 'just text'],
    ['another type', 'name: x\ntype: sw.os'],
    ['a device type that is not text', 'data:\n  defaultDeviceType: [a]'],
    ['variables that are not one-key maps', 'data:\n  applicationEnvironmentVariables:\n    - A: 1\n      B: 2'],
    ['variables with nested values', 'data:\n  applicationEnvironmentVariables:\n    - A: {b: 1}'],
  ])('refuses %s', (_what, text) => {
    expect(parseDeployContract(text)).toEqual({ ok: false, error: DEPLOY_MESSAGES.invalidContract });
  });

  it('words the message as the spec does', () => {
    expect(DEPLOY_MESSAGES.invalidContract).toBe('The balena.yml contract in the repository is invalid');
    expect(DEPLOY_MESSAGES.repositoryNotFound('https://github.com/a/b')).toBe('Repository not found: https://github.com/a/b');
  });
});

describe('deployDeviceTypeSlug', () => {
  const contract = { name: null, defaultDeviceType: 'rpi3', supportedDeviceTypes: ['rpi4', 'rpi3'], applicationConfigVariables: [], applicationEnvironmentVariables: [] };
  it('prefers the link, then the contract default, then its first supported type', () => {
    expect(deployDeviceTypeSlug({ defaultDeviceType: 'nuc' }, contract)).toBe('nuc');
    expect(deployDeviceTypeSlug({}, contract)).toBe('rpi3');
    expect(deployDeviceTypeSlug(null, { ...contract, defaultDeviceType: null })).toBe('rpi4');
    expect(deployDeviceTypeSlug(null, null)).toBeNull();
  });
});
