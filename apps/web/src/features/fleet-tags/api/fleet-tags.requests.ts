import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the fleet-tag mutations (OData `application_tag`). */

export interface FleetTagValues {
  tag_key: string;
  value: string;
}

export async function createFleetTag(fleetId: number, values: FleetTagValues): Promise<void> {
  await pine.post({ resource: 'application_tag', body: { application: fleetId, ...values } });
}

export async function updateFleetTag(id: number, values: FleetTagValues): Promise<void> {
  await pine.patch({ resource: 'application_tag', id, body: { ...values } });
}

export async function deleteFleetTag(id: number): Promise<void> {
  await pine.delete({ resource: 'application_tag', id });
}
