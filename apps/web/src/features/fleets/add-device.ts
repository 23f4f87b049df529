/**
 * The command that starts simulated devices for a fleet with a provisioning key (the agent in
 * apps/device, which registers and runs like balena-supervisor): what the "Add device" dialog
 * offers until OS images can be downloaded (the devices issue builds that part of the dialog).
 */
export function simulatorCommand(apiOrigin: string, provisioningKey: string, deviceTypeSlug: string): string {
  return `npx tsx apps/device/src/cli.ts --api ${apiOrigin} --provisioning-key ${provisioningKey} --device-type ${deviceTypeSlug}`;
}

/** A provisioning key for the dialog: named after its purpose and the day, so the keys page tells them apart. */
export function addDeviceKeyName(now: Date): string {
  return `add-device-${now.toISOString().slice(0, 10)}`;
}
