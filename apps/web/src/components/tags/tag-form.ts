import { validateVariableValue } from '@flotilla/core/variable-names';

/**
 * Rules of a tag form (fleet and device tags alike): a key is required (the API refuses an empty
 * one), unique among the owner's other tags (the API's natural key is owner + tag_key), without
 * line breaks like every variable value. Answers a message key of the tag dialog, or null.
 */
export type TagKeyProblem = 'keyRequired' | 'keyTaken' | 'keyLineBreak';

export function tagKeyProblem(key: string, otherKeys: readonly string[]): TagKeyProblem | null {
  const trimmed = key.trim();
  if (trimmed === '') return 'keyRequired';
  if (/[\r\n]/.test(trimmed)) return 'keyLineBreak';
  if (otherKeys.includes(trimmed)) return 'keyTaken';
  return null;
}

/** The API's value rule (fleets spec §5 "Variable names": no line breaks), as its message. */
export function tagValueProblem(value: string): string | null {
  return validateVariableValue(value);
}
