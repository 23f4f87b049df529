import type { TypeChangeAvailability } from './application-type-change.ts';

/**
 * What the API answers (`{"error": …}`) when a fleet change breaks a rule of fleets spec §5
 * "Fleet changes", §4 "Fleet type change availability" and "Support access date". The
 * dashboard prevents these before sending (the rule files beside this one); a client that
 * sends one anyway (balena-sdk, an old tab) gets this text, and the code for matching.
 */
export const FLEET_CHANGE_ERRORS = {
  renameLegacy: { code: 'rename_legacy_application', message: 'Classic and legacy applications cannot be renamed' },
  supportAccessPast: { code: 'support_access_date_past', message: 'Support access can only be granted until a date in the future' },
  transferWithDevices: {
    code: 'transfer_fleet_with_devices',
    message: 'A fleet with devices cannot be transferred to another organization. Move or delete its devices first',
  },
  transferTarget: { code: 'transfer_target_not_allowed', message: 'You may not move fleets to this organization' },
  deviceTypeArchitecture: {
    code: 'device_type_other_architecture',
    message: "The default device type can only be changed to a device type of the fleet's CPU architecture",
  },
} as const;

/** A refused application type change, per availability class other than ok. */
export const TYPE_CHANGE_ERRORS: Record<Exclude<TypeChangeAvailability, 'ok'>, { code: string; message: string }> = {
  noVersionDiscontinued: { code: 'application_type_discontinued', message: 'This application type is no longer available: no OS version for this device type supports it' },
  noVersionUpcoming: { code: 'application_type_upcoming', message: 'This application type is coming soon: no OS version for this device type supports it yet' },
  needsPlanUpgrade: { code: 'application_type_needs_plan_upgrade', message: 'This application type is only available on paid plans' },
  needsMulticontainer: { code: 'application_type_needs_multicontainer', message: 'This application type does not support multicontainer, which this fleet uses' },
};

/**
 * The support access date the API accepts: no earlier than now (spec §5), with a minute of
 * leeway for the clock difference between client and server (balena-sdk checks `> Date.now()`
 * on its side and then sends the request).
 */
export const SUPPORT_ACCESS_CLOCK_LEEWAY_MS = 60_000;
