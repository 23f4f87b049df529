import { NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import { DIAGNOSTICS_PERMISSION, diagnosticResult, diagnosticsLinkPath, type DiagnosticAction, type DiagnosticResult } from '@flotilla/core/diagnostics';
import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { LinkHub } from '../device-link/link-hub.ts';
import { LinkCallError } from '../device-link/link-connection.ts';
import { findSupervisorTargets } from '../device-link/supervisor-targets.repository.ts';

/**
 * Health checks and diagnostics (fleets spec §2 "Device diagnostics", §5 "Diagnostics", §6
 * resin.device.access_diagnostics, §7 actions host, §8): the device is found with the permission
 * compiled into the query, linked and active (the same lookup as `/supervisor`), and the action
 * goes to it over its link; it runs there and keeps its latest result. A device that is absent,
 * someone else's, not permitted or offline is the one answer "No online device(s) found".
 */

interface Deps {
  db: Db;
  linkHub: LinkHub;
}

/** The device runs no diagnostics (a real supervisor without Flotilla's sidecar, an older agent). */
export const DIAGNOSTICS_UNSUPPORTED = 'This device does not support diagnostics';

export async function callDiagnostics({ db, linkHub }: Deps, caller: UserPrincipal, uuid: string, action: DiagnosticAction, method: 'GET' | 'POST'): Promise<{ status: number; result: DiagnosticResult }> {
  const [device] = await findSupervisorTargets(db, caller, { uuid }, DIAGNOSTICS_PERMISSION);
  if (!device) throw notFound(NO_ONLINE_DEVICES);
  const reply = await linkHub.forward(device.uuid, { method, path: diagnosticsLinkPath(action) }).catch((error: unknown) => {
    if (error instanceof LinkCallError && error.reason !== 'timeout') return null;
    if (error instanceof LinkCallError) throw new AppError(504, 'The device did not answer in time');
    throw error;
  });
  // The link went away between the lookup and the call.
  if (!reply) throw notFound(NO_ONLINE_DEVICES);
  const parsed = diagnosticResult.safeParse(reply.body);
  if (reply.status < 200 || reply.status >= 300 || !parsed.success || parsed.data.action !== action) throw new AppError(409, DIAGNOSTICS_UNSUPPORTED, 'diagnostics_unsupported');
  return { status: reply.status, result: parsed.data };
}
