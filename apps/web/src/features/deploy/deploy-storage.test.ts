import { describe, expect, it } from 'vitest';
import { DEPLOY_CONFIG_LIFETIME_MS } from '@flotilla/core/deploy-config';
import { memoryStorage } from '../../lib/browser-storage.ts';
import { DEPLOY_CONFIG_KEY, clearDeployConfig, loadDeployConfig, saveDeployConfig } from './deploy-storage.ts';

const NOW = 1_800_000_000_000;

describe('deploy config storage', () => {
  it('round-trips a config while it is less than a day old', () => {
    const storage = memoryStorage();
    saveDeployConfig(storage, { createdAt: NOW, repoUrl: 'https://github.com/acme/demo', defaultDeviceType: 'raspberrypi3' });
    expect(loadDeployConfig(storage, NOW + 1000)).toEqual({ createdAt: NOW, repoUrl: 'https://github.com/acme/demo', defaultDeviceType: 'raspberrypi3' });
    expect(loadDeployConfig(storage, NOW + DEPLOY_CONFIG_LIFETIME_MS)).toBeNull();
  });

  it('reads a malformed entry, no entry or no storage as none, and clears', () => {
    expect(loadDeployConfig(memoryStorage({ [DEPLOY_CONFIG_KEY]: '[1,2]' }), NOW)).toBeNull();
    expect(loadDeployConfig(memoryStorage(), NOW)).toBeNull();
    expect(loadDeployConfig(null, NOW)).toBeNull();
    const storage = memoryStorage();
    saveDeployConfig(storage, { createdAt: NOW, repoUrl: 'x' });
    clearDeployConfig(storage);
    expect(storage.entries.size).toBe(0);
  });
});
