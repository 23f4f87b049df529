/**
 * Anchors of the device settings page's sections (`/devices/$uuid/settings#<id>`): the summary
 * card's edit buttons link to them, and the page scrolls to and focuses the section's heading.
 */
export const SETTINGS_SECTION = {
  rename: 'rename',
  notes: 'notes',
  release: 'release',
  publicUrl: 'public-url',
  localMode: 'local-mode',
  supportAccess: 'support-access',
  move: 'move',
  osUpdate: 'os-update',
  supervisorUpdate: 'supervisor-update',
  deactivate: 'deactivate',
  delete: 'delete',
} as const;
export type SettingsSectionId = (typeof SETTINGS_SECTION)[keyof typeof SETTINGS_SECTION];

/**
 * The permission each section needs (fleets spec §6 "Device actions"): rename, notes, pin,
 * public URL and support access are device updates; local mode needs device configuration
 * variables; move, OS update, supervisor update, deactivate and delete their own.
 */
export const SECTION_PERMISSION: Record<SettingsSectionId, string> = {
  rename: 'resin.device.update',
  notes: 'resin.device.update',
  release: 'resin.device.update',
  'public-url': 'resin.device.update',
  'local-mode': 'resin.device_config_variable.all',
  'support-access': 'resin.device.update',
  move: 'resin.device.move',
  'os-update': 'resin.device.actions-proxy-hup',
  'supervisor-update': 'resin.device.actions-proxy-supervisorupgrade',
  deactivate: 'resin.application.deactivate-device',
  delete: 'resin.device.delete',
};
