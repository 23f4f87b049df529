import type { ApplicationClass } from '@flotilla/core/application-class';
import * as application from '@flotilla/core/schemas/odata/application';
import { ResponseShapeError } from '../../../lib/odata.ts';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the fleet mutations (api/create-fleet.mutations.ts, api/fleet-settings.mutations.ts). */

export interface CreateFleetInput {
  name: string;
  organizationId: number;
  deviceTypeId: number;
  applicationClass: ApplicationClass;
}

/** The created row: only its id is needed, to open the new fleet. */
const createdFleet = application.row.pick({ id: true });

/** `POST /v7/application`: a fleet, app or block of the chosen organization and device type. */
export async function createFleet(input: CreateFleetInput): Promise<{ id: number }> {
  const created = createdFleet.safeParse(
    await pine.post({
      resource: application.resource,
      body: {
        app_name: input.name,
        organization: input.organizationId,
        is_for__device_type: input.deviceTypeId,
        is_of__class: input.applicationClass,
      },
    }),
  );
  if (!created.success) throw new ResponseShapeError(application.resource, created.error.issues);
  return created.data;
}

/** `PATCH /v7/application(<id>)`: fleet settings (fleets spec §7). */
export async function patchFleet(fleetId: number, body: Record<string, unknown>): Promise<void> {
  await pine.patch({ resource: application.resource, id: fleetId, body });
}
