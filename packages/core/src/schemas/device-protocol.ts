import { z } from 'zod';
import { UPDATE_STATUSES } from '../device-status.ts';
import { INT32_MAX, INT32_MIN, clientChosenKey, deviceUuid, idLike, isDateInRange, isStorableText, objectBody, positiveId, requiredString, safeString, toStorableText } from './primitives.ts';

/**
 * The supervisor-facing requests (compat §5): what balena-supervisor, balena-cli and the
 * device agent send. Structure is checked strictly (the body's shape, the device uuids);
 * the values of a state report, a tag report or a log line are read leniently: a value of
 * the wrong type, out of range or not storable is dropped and the rest is kept. A report
 * is a diff the supervisor retries until it is accepted, so refusing it for one odd field
 * would stop the device reporting at all; unknown fields are ignored for the same reason
 * (newer supervisors send fields we do not know yet).
 */

const SHORT_TEXT = 255;
const LONG_TEXT = 4096;

/** POST /device/register (compat §5.2 step 2). `user` (sent by the SDK and CLI) is not needed: the caller is known. */
export const deviceRegisterBody = objectBody({
  // The CLI always sends a uuid; generating one keeps hand-written calls working too.
  uuid: deviceUuid.optional(),
  device_type: requiredString('device_type', SHORT_TEXT),
  application: idLike.optional(),
  api_key: clientChosenKey.optional(),
  supervisor_version: safeString(SHORT_TEXT).optional(),
  os_version: safeString(SHORT_TEXT).optional(),
  os_variant: safeString(SHORT_TEXT).optional(),
  mac_address: safeString(LONG_TEXT).optional(),
});
export type DeviceRegisterBody = z.infer<typeof deviceRegisterBody>;

/** Exactly these three fields, status exactly 201 (compat §5.2). */
export const deviceRegisterResponse = z.object({ id: positiveId, uuid: deviceUuid, api_key: z.string() });

export const deviceUuidParams = z.object({ uuid: deviceUuid });

/** The target-state poll reads If-None-Match; every other header passes through untouched. */
export const targetStateHeaders = z.looseObject({ 'if-none-match': safeString(LONG_TEXT).optional() });

/** GET /device/v3/fleet/:fleetUuid/state/ (compat §4): a fleet's uuid is 32 lower-case hex characters. */
export const fleetTargetStateParams = z.object({ fleetUuid: z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex characters') });

/**
 * Its `releaseUuid` names a release by its commit; the SDK sends it empty (`?releaseUuid=`) for
 * the fleet's own target, which reads as absent.
 */
export const fleetTargetStateQuery = z.object({
  releaseUuid: safeString(SHORT_TEXT)
    .optional()
    .transform((v) => v || undefined),
});

/** A value of the wrong type or out of range reads as absent: the field is not written. */
function dropInvalid<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const reportedText = (max: number) => dropInvalid(z.union([safeString(max), z.number().transform(String)]).nullable());

/** Numbers or numeric strings, rounded; values an int4 column cannot hold are dropped. */
const reportedInt = dropInvalid(
  z
    .union([z.number(), z.string().trim().min(1).transform(Number)])
    .transform((n) => Math.round(n))
    .pipe(z.number().min(INT32_MIN).max(INT32_MAX))
    .nullable(),
);

const reportedBool = dropInvalid(z.boolean().nullable());

/**
 * An object whose keys are free-form (app uuids, commits, service names, tag keys): entries
 * with a key that is empty, too long or not storable, or a value that does not parse, are
 * dropped; anything that is not an object reads as empty.
 */
function looseRecord<V extends z.ZodType>(keyMax: number, value: V, maxEntries: number) {
  return z.unknown().optional().transform((input) => {
    const out: Record<string, z.output<V>> = {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return out;
    let kept = 0;
    for (const [key, raw] of Object.entries(input)) {
      // Entries past the cap are dropped like invalid ones: a report bounds the work it causes.
      if (kept >= maxEntries) break;
      if (key === '' || key.length > keyMax || !isStorableText(key)) continue;
      const parsed = value.safeParse(raw);
      if (parsed.success) {
        out[key] = parsed.data;
        kept += 1;
      }
    }
    return out;
  });
}

/**
 * How much of a state report is read: a supervisor reports its fleet's app and the host OS
 * (a few apps), the running release and the one it updates to, and their services. Beyond these,
 * entries are dropped: each costs lookups and writes, and the body limit alone would allow
 * tens of thousands.
 */
export const MAX_REPORTED_APPS = 16;
export const MAX_REPORTED_RELEASES = 16;
export const MAX_REPORTED_SERVICES = 256;
/** Tags one tags report may set per device. */
export const MAX_TAGS_PER_REPORT = 500;

const reportedService = z.object({
  image: dropInvalid(safeString(LONG_TEXT)),
  status: dropInvalid(safeString(SHORT_TEXT)),
  download_progress: reportedInt,
});

const reportedRelease = z.object({
  update_status: dropInvalid(z.enum(UPDATE_STATUSES)),
  services: looseRecord(SHORT_TEXT, reportedService, MAX_REPORTED_SERVICES),
});

const reportedApp = z.object({
  release_uuid: dropInvalid(safeString(SHORT_TEXT)),
  releases: looseRecord(SHORT_TEXT, reportedRelease, MAX_REPORTED_RELEASES),
});

/** One device's entry of PATCH /device/v3/state (compat §5.4); only the fields we store. */
export const deviceStateReport = z.object({
  name: reportedText(SHORT_TEXT),
  status: reportedText(SHORT_TEXT),
  os_version: reportedText(SHORT_TEXT),
  os_variant: reportedText(SHORT_TEXT),
  supervisor_version: reportedText(SHORT_TEXT),
  provisioning_progress: reportedInt,
  provisioning_state: reportedText(SHORT_TEXT),
  ip_address: reportedText(LONG_TEXT),
  mac_address: reportedText(LONG_TEXT),
  api_port: reportedInt,
  api_secret: reportedText(SHORT_TEXT),
  memory_usage: reportedInt,
  memory_total: reportedInt,
  storage_block_device: reportedText(SHORT_TEXT),
  storage_usage: reportedInt,
  storage_total: reportedInt,
  cpu_temp: reportedInt,
  cpu_usage: reportedInt,
  cpu_id: reportedText(SHORT_TEXT),
  is_undervolted: reportedBool,
  apps: dropInvalid(looseRecord(SHORT_TEXT, reportedApp, MAX_REPORTED_APPS)),
});
export type DeviceStateReport = z.output<typeof deviceStateReport>;

/** A body keyed by device uuid; an entry that is not an object is skipped. */
function keyedByDeviceUuid<V extends z.ZodType>(value: V) {
  // null, not undefined, for an entry that is not an object: the key must stay, so that the
  // caller's right to report for every uuid in the body is still checked.
  return z.record(deviceUuid, value.nullable().catch(null), { error: 'must be an object keyed by device uuid' });
}

/** PATCH /device/v3/state: `{"<uuid>": {…report…}}`. */
export const deviceStateBody = keyedByDeviceUuid(deviceStateReport);
export type DeviceStateBody = z.output<typeof deviceStateBody>;

export const DEVICE_TAG_KEY_MAX = SHORT_TEXT;
export const DEVICE_TAG_VALUE_MAX = 10_000;

/** PATCH /device/v3/tags (compat §5.6): `{"<uuid>": {"<tag_key>": "<value>"}}`; non-string values are dropped. */
export const deviceTagsBody = keyedByDeviceUuid(looseRecord(DEVICE_TAG_KEY_MAX, safeString(DEVICE_TAG_VALUE_MAX), MAX_TAGS_PER_REPORT));
export type DeviceTagsBody = z.output<typeof deviceTagsBody>;

export const MAX_LOG_LINES_PER_BATCH = 1000;
export const MAX_LOG_MESSAGE_LENGTH = 10_000;

/** Epoch milliseconds (number or digits) or an ISO string; anything else, or out of range, reads as unknown. */
function logTimestamp(value: unknown): Date | undefined {
  const source = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  if (typeof source !== 'number' && typeof source !== 'string') return undefined;
  if (typeof source === 'string' && source.length > 64) return undefined;
  const date = new Date(source);
  return isDateInRange(date) ? date : undefined;
}

/**
 * One log line: `{message, timestamp, isSystem?, isStdErr?, serviceId?}` or the legacy
 * `{message, timestamp, is_system, is_stderr}`. A container's output may hold any bytes, so
 * the message is cut to size and NUL or broken surrogates become U+FFFD instead of
 * refusing the batch (which would lose every other line of it).
 */
export const deviceLogLine = z
  .object({
    message: z.string(),
    timestamp: z.unknown().optional(),
    isSystem: z.unknown().optional(),
    is_system: z.unknown().optional(),
    isStdErr: z.unknown().optional(),
    is_stderr: z.unknown().optional(),
    serviceId: dropInvalid(z.number().int().min(INT32_MIN).max(INT32_MAX)),
  })
  .transform((line) => ({
    message: toStorableText(line.message.slice(0, MAX_LOG_MESSAGE_LENGTH)),
    /** Undefined when the device sent none that is usable: the server's clock then stands in. */
    timestamp: logTimestamp(line.timestamp),
    isSystem: line.isSystem === true || line.is_system === true,
    isStdErr: line.isStdErr === true || line.is_stderr === true,
    serviceId: line.serviceId ?? null,
  }));
export type DeviceLogLine = z.output<typeof deviceLogLine>;

/** POST /device/v2/:uuid/logs: an array of log lines; entries that are not log lines are skipped. */
export const deviceLogBatch = z
  .array(z.unknown(), { error: 'must be an array of log lines' })
  .max(MAX_LOG_LINES_PER_BATCH, `at most ${MAX_LOG_LINES_PER_BATCH} log lines per request`)
  .transform((items) =>
    items.flatMap((item) => {
      const parsed = deviceLogLine.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );
