import type { FastifyInstance } from 'fastify';

/**
 * The only schema version balenaOS's `os-config` accepts: any other answer is refused whole.
 */
export const OS_CONFIG_SCHEMA_VERSION = '1.0.0';

/**
 * `GET /os/v1/config/` (compat §4): what balenaOS's `os-config` writes into the host OS's service
 * files at every boot and after `balena join`. It reads `services` as service id → file name →
 * contents, and fails unless every file its on-device schema lists is present, so both services
 * balenaOS ships a schema for are always answered:
 * - `openvpn` (`config`, `ca`): empty, as there is no VPN here; a device is reached through the
 *   device link sidecar instead (docs/real-devices.md), and an empty config gives OpenVPN nothing to dial.
 * - `ssh` (`authorized_keys`): empty, as there is no SSH proxy holding a key to put there;
 *   local SSH keys go into config.json's `os.sshKeys`, which os-config leaves alone.
 * `config.overrides` (config.json fields os-config may rewrite) is empty: the supervisor sends logs
 * to `apiEndpoint` when `logsEndpoint` is unset, and that is where they belong.
 * Public: older os-config sends no credential, newer ones the device key, and neither changes the answer.
 */
export async function osConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/os/v1/config/', { config: { public: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      services: {
        openvpn: { config: '', ca: '' },
        ssh: { authorized_keys: '' },
      },
      config: { overrides: {} },
      schema_version: OS_CONFIG_SCHEMA_VERSION,
    };
  });
}
