import type { AppConfig } from '../lib/config.ts';

/**
 * The registry's host name as clients write it in image references and as the registry's token
 * `service` name (compat §6.1: `is_stored_at__image_location` = `<registry host>/v2/<hash>`).
 * REGISTRY_URL's host when a registry is configured; otherwise `registry.<public host>`, the
 * way balenaCloud names its registry beside its API, so locations look right before a registry exists.
 */
export function registryHost(config: Pick<AppConfig, 'registryUrl' | 'publicUrl'>): string {
  if (config.registryUrl) return new URL(config.registryUrl).host;
  const publicHost = config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost';
  return `registry.${publicHost}`;
}
