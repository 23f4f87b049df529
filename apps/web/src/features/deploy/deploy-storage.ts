import { readDeployConfig, type DeployConfig } from '@flotilla/core/deploy-config';
import { storeItem, type KeyValueStorage } from '../../lib/browser-storage.ts';

/**
 * Where `/deploy` keeps its config (fleets spec §2, §3 "Deploy config"): localStorage, one
 * entry per browser. It is used only while less than a day old (§4); an older or malformed
 * one reads as none.
 */
export const DEPLOY_CONFIG_KEY = 'flotilla.deployConfig';

export function saveDeployConfig(storage: KeyValueStorage | null, config: DeployConfig): void {
  storeItem(storage, DEPLOY_CONFIG_KEY, JSON.stringify(config));
}

export function loadDeployConfig(storage: KeyValueStorage | null, now: number): DeployConfig | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(DEPLOY_CONFIG_KEY) ?? null;
  } catch {
    raw = null;
  }
  return readDeployConfig(raw, now);
}

export function clearDeployConfig(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(DEPLOY_CONFIG_KEY);
  } catch {
    // Blocked storage: nothing was kept either.
  }
}
