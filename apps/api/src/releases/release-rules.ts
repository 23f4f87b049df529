import { RELEASE_STATUSES, isReleaseStatus } from '@flotilla/core/release-status';
import { releaseCompositionProblem } from '@flotilla/core/release-composition';
import { badRequest } from '../lib/errors.ts';
import type { Values } from '../model/types.ts';

/**
 * The release write rules that need no other rows (fleets spec §3 Release, §4 "Release rules";
 * compat §6.1 release, §8 `deploy S`). release.hooks.ts applies them, then the rules that read
 * the release's fleet and pins.
 */

/**
 * balena deploy sends a 32-hex uuid, the builder a 40-hex git SHA; short hex commits are what
 * people type. Anything that is not hex would break the state endpoint's "release uuid".
 */
const COMMIT = /^[0-9a-fA-F]{7,64}$/;
export const COMMIT_MESSAGE = 'The commit must be 7 to 64 hexadecimal characters (balena deploy sends a 32-character uuid).';
export const STATUS_MESSAGE = `The release status must be one of ${RELEASE_STATUSES.join(', ')}.`;
export const SOURCE_MESSAGE = 'The release source must be local or cloud.';
export const SUCCESS_IS_FINAL_MESSAGE = 'A successful release keeps its status.';
export const NOT_RUNNING_AGAIN_MESSAGE = 'A finished release cannot be running again.';
export const FAILED_STAYS_FAILED_MESSAGE = 'A failed or cancelled release cannot become successful.';
export const semverMessage = (value: string) => `"${value}" is not a semantic version (for example 1.2.3).`;

export function checkCommit(value: unknown): void {
  if (typeof value !== 'string' || !COMMIT.test(value)) throw badRequest(COMMIT_MESSAGE, 'invalid_commit');
}

export function checkStatus(value: unknown): void {
  if (!isReleaseStatus(value)) throw badRequest(STATUS_MESSAGE, 'invalid_status');
}

export function checkSource(value: unknown): void {
  if (value !== 'local' && value !== 'cloud') throw badRequest(SOURCE_MESSAGE, 'invalid_source');
}

export function checkComposition(value: unknown): void {
  const problem = releaseCompositionProblem(value);
  if (problem) throw badRequest(problem, 'invalid_composition');
}

/**
 * Status changes a build can make: a running (or local) build ends in any status; a successful
 * release stays successful (devices may run it); a failed, cancelled or timed-out one may be
 * re-labelled among those (balena-cli marks an interrupted deploy cancelled with
 * `$filter=status ne 'success'`) but never becomes running or successful again.
 */
export function statusChangeProblem(from: string, to: string): string | null {
  if (from === to) return null;
  if (from === 'success') return SUCCESS_IS_FINAL_MESSAGE;
  if (from === 'running') return null;
  if (to === 'running') return NOT_RUNNING_AGAIN_MESSAGE;
  if (from === 'local') return null;
  if (to === 'success') return FAILED_STAYS_FAILED_MESSAGE;
  return null;
}

/**
 * JSON fields reach hooks as the JSON text the engine will bind (odata/write-values.ts) and
 * hooks hand back values the engine encodes again: decode them here so the hook's result is
 * stored once, not as a JSON string.
 */
export function decodeJsonFields(values: Values, fields: readonly string[]): void {
  for (const f of fields) {
    if (typeof values[f] === 'string') values[f] = JSON.parse(values[f] as string);
  }
}
