import { z } from 'zod';
import * as application from '@flotilla/core/schemas/odata/application';
import * as release from '@flotilla/core/schemas/odata/release';
import * as userApplicationMembership from '@flotilla/core/schemas/odata/user-application-membership';
import { odataOne } from '../../../lib/odata.ts';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the fleet settings mutations (fleets spec §7 "Fleets"). */

/** `PATCH /v7/application(<id>)`: any of the fleet's writable settings. */
export async function patchFleet(fleetId: number, body: Record<string, unknown>): Promise<void> {
  await pine.patch({ resource: application.resource, id: fleetId, body });
}

/** `DELETE /v7/application(<id>)`: the fleet and everything it owns. */
export async function deleteFleet(fleetId: number): Promise<void> {
  await pine.delete({ resource: application.resource, id: fleetId });
}

/** `DELETE /v7/user_application_membership(<id>)`: leave the fleet. */
export async function deleteFleetMembership(membershipId: number): Promise<void> {
  await pine.delete({ resource: userApplicationMembership.resource, id: membershipId });
}

const latestRelease = application.row.pick({ id: true }).extend({ owns__release: z.array(release.row.pick({ id: true })) });

/**
 * The release "track latest" points the fleet at, as balena-sdk's trackLatestRelease finds it
 * (compat §2.6 #8): the newest final, passing, valid, successful release; null when there is none.
 */
export async function getLatestReleaseId(fleetId: number): Promise<number | null> {
  const fleet = await odataOne(latestRelease, {
    resource: application.resource,
    id: fleetId,
    options: {
      $select: ['id'],
      $expand: {
        owns__release: {
          $select: ['id'],
          $top: 1,
          $filter: { is_final: true, is_passing_tests: true, is_invalidated: false, status: 'success' },
          $orderby: { created_at: 'desc' },
        },
      },
    },
  });
  return fleet?.owns__release[0]?.id ?? null;
}
