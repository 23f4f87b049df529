import type { FastifyRequest } from 'fastify';
import { isDeviceArchCompatibleWithFleet } from '@flotilla/core/cpu-architecture';
import type { DownloadConfigBody } from '@flotilla/core/schemas/download-config';
import type { UserPrincipal } from '../auth/guards.ts';
import { canManageFleetKeys, createProvisioningKey, NO_FLEET_ACCESS } from '../api-keys/api-keys.service.ts';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { registryHost } from '../registry/registry-host.ts';
import { findDeviceTypeByAlias, findFleetForRegister } from './device-register.repository.ts';

/** The supervisor API port written into config.json (balena-device-config's default). */
const LISTEN_PORT = 48484;
/** The poll interval when the request names none: balena-device-config's 10 minutes. */
const DEFAULT_POLL_MINUTES = 10;
/** balena-device-config's VPN port (OpenVPN over 443). */
const VPN_PORT = 443;

/** The API's public origin: PUBLIC_URL, else the origin the request reached. */
function apiEndpointOf(config: AppConfig, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * `POST /download-config` (compat §4, §5.1): the `config.json` a device of the fleet starts
 * with, carrying a provisioning key minted for it (the caller needs the right to make one, the
 * same as `POST /api-key/v2/`; an unknown fleet answers as an inaccessible one). The device type
 * must run in the fleet (same CPU architecture family, as registration requires).
 */
export async function buildDeviceConfig(db: Db, config: AppConfig, request: FastifyRequest, user: UserPrincipal, body: DownloadConfigBody): Promise<Record<string, unknown>> {
  const fleet = await findFleetForRegister(db, body.appId);
  // The right first, then anything about the fleet: an outsider's device type must not learn
  // that the fleet exists, nor its CPU architecture ("not compatible" against "no access").
  if (!fleet || !(await canManageFleetKeys(db, user, fleet.id))) throw forbidden(NO_FLEET_ACCESS);
  let deviceTypeSlug: string;
  if (body.deviceType) {
    const deviceType = await findDeviceTypeByAlias(db, body.deviceType, fleet.id);
    if (!deviceType) throw badRequest(`Invalid device type: ${body.deviceType}`);
    if (!isDeviceArchCompatibleWithFleet(deviceType.arch, fleet.arch)) throw badRequest(`Device type ${deviceType.slug} is not compatible with the fleet`);
    deviceTypeSlug = deviceType.slug;
  } else {
    deviceTypeSlug = fleet.deviceTypeSlug;
  }
  // Minting checks the right again (one more read): it is createProvisioningKey's own rule.
  const apiKey = await createProvisioningKey(db, user, fleet.id, {
    name: body.provisioningKeyName ?? null,
    description: body.provisioningKeyDescription ?? null,
    expiryDate: body.provisioningKeyExpiryDate ?? null,
  });
  const apiEndpoint = apiEndpointOf(config, request);
  const host = new URL(apiEndpoint).hostname;
  return {
    applicationId: fleet.id,
    deviceType: deviceTypeSlug,
    userId: user.userId,
    appUpdatePollInterval: (body.appUpdatePollInterval ?? DEFAULT_POLL_MINUTES) * 60_000,
    listenPort: LISTEN_PORT,
    // balena-device-config writes both. There is no VPN here (devices are reached through the
    // device link, docs/real-devices.md): os-config's empty openvpn config leaves OpenVPN nothing to dial.
    vpnPort: VPN_PORT,
    apiEndpoint,
    vpnEndpoint: `vpn.${host}`,
    // The registry devices pull from (REGISTRY_URL, registry/registry-host.ts), else balena's naming beside the API.
    registryEndpoint: config.registryUrl ? registryHost(config) : `registry.${host}`,
    // Only a delta server that exists (DELTA_URL). Deltas stay off until a BALENA_SUPERVISOR_DELTA
    // config var turns them on; the supervisor's own default endpoint is balenaCloud's.
    ...(config.deltaUrl ? { deltaEndpoint: config.deltaUrl.replace(/\/+$/, '') } : {}),
    mixpanelToken: '',
    apiKey,
    // A private or self-signed CA (lib/tls-files.ts): balenaOS trusts it for the API and the registry.
    ...(config.deviceRootCaPem ? { balenaRootCA: Buffer.from(config.deviceRootCaPem, 'utf8').toString('base64') } : {}),
    developmentMode: body.developmentMode ?? false,
    // No logsEndpoint: the supervisor then sends logs to apiEndpoint, which takes them (device-logs/).
    ...(body.hostname ? { hostname: body.hostname } : {}),
    network: body.network,
    ...(body.network === 'wifi' ? { wifiSsid: body.wifiSsid ?? '', wifiKey: body.wifiKey ?? '' } : {}),
    ...(body.version ? { os: { version: body.version } } : {}),
  };
}
