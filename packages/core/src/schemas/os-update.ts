import { z } from 'zod';
import { deviceUuid, safeString } from './primitives.ts';

/**
 * The OS update device action (compat §4: balena-sdk's `startOsUpdate` posts to
 * `<actions host>/v2/<uuid>/resinhup`, v1 when not detached, and reads the status at
 * `/v1/<uuid>/<actionId>`). Flotilla serves them on the API origin under `/actions`.
 */

export const osUpdateActionParams = z.object({ apiVersion: z.enum(['v1', 'v2']), uuid: deviceUuid });

export const osUpdateActionBody = z.object({
  parameters: z.object({ target_version: safeString(100).pipe(z.string().min(1)) }),
});
export type OsUpdateActionBody = z.infer<typeof osUpdateActionBody>;

export const deviceActionStatusParams = z.object({ uuid: deviceUuid, actionId: z.string().regex(/^[0-9a-f]{32}$/) });

/** Remote action status (fleets spec §4 "Remote action status"). */
export const REMOTE_ACTION_STATUSES = ['configuring', 'done', 'error', 'idle', 'in_progress'] as const;
export type RemoteActionStatus = (typeof REMOTE_ACTION_STATUSES)[number];

/** The answer to both calls: the action (its id is the target release's commit) and where it stands. */
export const deviceActionResponse = z.object({
  id: z.string(),
  action: z.literal('resinhup'),
  status: z.enum(REMOTE_ACTION_STATUSES),
  parameters: z.object({ target_version: z.string() }),
  /** hup = in place with rollback; takeover = the data is lost and there is no rollback. */
  type: z.enum(['balenahup', 'takeover']),
});
export type DeviceActionResponse = z.infer<typeof deviceActionResponse>;

/** What the API sends the device over its link (apps/device performs it). */
export const OS_UPDATE_LINK_PATH = '/v1/os-update';
export const osUpdateLinkBody = z.object({
  target_version: z.string().min(1).max(100),
  type: z.enum(['balenahup', 'takeover']),
  /** The host application and release (commit) of the target: the device reports the update's progress under them (compat §5.4). */
  app_uuid: z.string().max(64).optional(),
  release_uuid: z.string().max(64).optional(),
});
export type OsUpdateLinkBody = z.infer<typeof osUpdateLinkBody>;
