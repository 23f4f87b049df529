/**
 * A device's name (`device_name`): balena's model types it Short Text, at most 255 characters,
 * and it shows in lists, headings and the CLI's tables. Checked by the API on every write of it
 * (model/resources/device.hooks.ts).
 */
export const DEVICE_NAME_MAX_LENGTH = 255;
export const MSG_DEVICE_NAME_REQUIRED = 'A device name is required';
export const MSG_DEVICE_NAME_TOO_LONG = `A device name is at most ${DEVICE_NAME_MAX_LENGTH} characters long`;

/** What is wrong with a device name, or null when it may be stored. */
export function deviceNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return MSG_DEVICE_NAME_REQUIRED;
  if (name.length > DEVICE_NAME_MAX_LENGTH) return MSG_DEVICE_NAME_TOO_LONG;
  return null;
}
