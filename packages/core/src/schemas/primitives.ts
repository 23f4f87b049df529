import { z } from 'zod';
import { isValidEmail } from '../account-rules.ts';

/**
 * Building blocks of every request schema (server routes and dashboard forms alike). They
 * hold what PostgreSQL refuses, so bad input is a 400 at the boundary and never a database
 * error: NUL in text (SQLSTATE 22021), integers beyond int4 (22003), timestamps it cannot
 * store (22008), and over-long strings (which also break btree index rows past ~2.7 kB).
 */

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Timestamps outside this range are refused: before the epoch or past year 9999 is a bug, not a date. */
export const DATE_MIN = new Date('1970-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

export const TEXT_INVALID_CHARACTERS = 'must not contain NUL characters or unpaired surrogates';

// An unpaired surrogate cannot be encoded as UTF-8: PostgreSQL would receive a replacement
// character or refuse the value, depending on the driver.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL stores as sent: no NUL, well-formed UTF-16. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The text with NUL and unpaired surrogates replaced by U+FFFD (for data a device relays, such as log lines). */
export function toStorableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** A string PostgreSQL can store, at most `max` UTF-16 units long. */
export function safeString(max: number) {
  return z.string().max(max, `must be at most ${max} characters`).refine(isStorableText, TEXT_INVALID_CHARACTERS);
}

/** A required field: present, non-empty (after trimming when `trim`), storable. */
export function requiredString(name: string, max: number, options: { trim?: boolean; message?: string } = {}) {
  const message = options.message ?? `${name} is required`;
  const base = z.string({ error: message });
  return (options.trim ? base.trim() : base).min(1, message).max(max, `must be at most ${max} characters`).refine(isStorableText, TEXT_INVALID_CHARACTERS);
}

const intRangeMessage = (min: number, max: number) => `must be an integer between ${min} and ${max}`;

/** An integer PostgreSQL `integer` (int4) holds. */
export function int32(min = INT32_MIN, max = INT32_MAX) {
  return z.number().int(intRangeMessage(min, max)).min(min, intRangeMessage(min, max)).max(max, intRangeMessage(min, max));
}

/** A JavaScript safe integer (for `bigint` columns and counters). */
export const safeInteger = z.int();

/** A row id: a positive int4. */
export const positiveId = int32(1, INT32_MAX);

/** A row id sent as a JSON number or as a decimal string (`"42"`), as balena clients do. */
export const idLike = z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), positiveId);

/** A row id in a URL path segment. */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/, `must be an integer between 1 and ${INT32_MAX}`)
  .transform(Number)
  .pipe(positiveId);

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

export function isDateInRange(date: Date): boolean {
  const t = date.getTime();
  return !Number.isNaN(t) && t >= DATE_MIN.getTime() && t <= DATE_MAX.getTime();
}

/** An ISO 8601 date or date-time (`2030-10-12`, `2030-10-12T08:00:00.000Z`) between 1970 and 9999; kept as sent. */
export const isoDateString = z
  .string()
  .max(40, 'must be an ISO 8601 date')
  .regex(ISO_8601, 'must be an ISO 8601 date')
  .refine((v) => isDateInRange(new Date(v)), `must be a date between ${DATE_MIN.toISOString()} and ${DATE_MAX.toISOString()}`);

/** A device uuid: 32 or 62 lower-case hex characters (the device table's CHECK). */
export const deviceUuid = z.string().regex(/^[0-9a-f]{32}([0-9a-f]{30})?$/, 'must be 32 or 62 lower-case hex characters');

/** An email address as the accounts rules accept it (one `@`, a dotted domain, ≤ 254 characters). */
export const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .refine((v) => isStorableText(v) && isValidEmail(v), 'Invalid email address');

/** A key a client chooses for itself (supervisor device key, key exchange): printable ASCII, no spaces. */
export const clientChosenKey = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(256, 'must be at most 256 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/**
 * A JSON object body. A request without a body reads as `{}`, so a missing field answers
 * "x is required" rather than "expected object".
 */
export function objectBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.preprocess((v) => v ?? {}, z.object(shape));
}

/** {@link objectBody} that also refuses unknown fields (dashboard-only routes, where one is a bug). */
export function strictObjectBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.preprocess((v) => v ?? {}, z.strictObject(shape));
}
