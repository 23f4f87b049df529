import { validateVariableValue } from '@flotilla/core/variable-names';

/**
 * Rules of the device tag form: a key is required (the API refuses an empty one), unique among
 * the device's other tags (the API's natural key is device + tag_key), without line breaks.
 * Answers a message key under devices:summary.tags, or null.
 */
export type DeviceTagKeyProblem = 'keyRequired' | 'keyTaken' | 'keyLineBreak';

export function deviceTagKeyProblem(key: string, otherKeys: readonly string[]): DeviceTagKeyProblem | null {
  const trimmed = key.trim();
  if (trimmed === '') return 'keyRequired';
  if (/[\r\n]/.test(trimmed)) return 'keyLineBreak';
  if (otherKeys.includes(trimmed)) return 'keyTaken';
  return null;
}

/** The API's value rule (fleets spec §5 "Variable names": no line breaks), as its message. */
export function deviceTagValueProblem(value: string): string | null {
  return validateVariableValue(value);
}
