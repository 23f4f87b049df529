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
  /** null: the server's default type. */
  applicationTypeId: number | null;
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
        ...(input.applicationTypeId === null ? {} : { application_type: input.applicationTypeId }),
      },
    }),
  );
  if (!created.success) throw new ResponseShapeError(application.resource, created.error.issues);
  return created.data;
}
