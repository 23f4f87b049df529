import type { DeviceTypeRow } from './device-types.repository.ts';

/**
 * A device-type.json manifest (compat §4 `GET /device-types/v1`) built from a device_type row.
 * balena-cli's `config generate` / `os configure` read `options` to know which questions to
 * ask; a contract may carry its own `options`, `initialization` and `yocto` blocks.
 */
const DEFAULT_OPTIONS = [
  {
    isGroup: true,
    name: 'network',
    message: 'Network',
    options: [
      { message: 'Network Connection', name: 'network', type: 'list', choices: ['ethernet', 'wifi'] },
      { message: 'Wifi SSID', name: 'wifiSsid', type: 'text', when: { network: 'wifi' } },
      { message: 'Wifi Passphrase', name: 'wifiKey', type: 'password', when: { network: 'wifi' } },
    ],
  },
  {
    isGroup: true,
    isCollapsible: true,
    collapsed: true,
    name: 'advanced',
    message: 'Advanced',
    options: [
      { message: 'Check for updates every X minutes', name: 'appUpdatePollInterval', type: 'number', min: 10, default: 10 },
    ],
  },
];

function objectField(contract: Record<string, unknown> | null, key: string): unknown {
  const value = contract?.[key];
  return value !== undefined && value !== null ? value : undefined;
}

export function toManifest(row: DeviceTypeRow) {
  const data = (objectField(row.contract, 'data') ?? {}) as Record<string, unknown>;
  return {
    slug: row.slug,
    name: row.name,
    aliases: row.aliases.length > 0 ? row.aliases : [row.slug],
    arch: row.arch,
    state: 'RELEASED',
    private: row.is_private,
    ...(row.logo ? { logoUrl: row.logo } : {}),
    options: objectField(row.contract, 'options') ?? DEFAULT_OPTIONS,
    initialization: objectField(row.contract, 'initialization') ?? objectField(data, 'initialization') ?? {},
    yocto: objectField(row.contract, 'yocto') ?? { machine: row.slug, deployArtifact: `balena-image-${row.slug}.img`, compressed: true },
    ...(data.media ? { media: data.media } : {}),
  };
}
