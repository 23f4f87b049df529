import { apiRequestToken } from '../../../lib/http.ts';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the provisioning-key mutations. */

export interface NewProvisioningKey {
  name: string;
  description: string | null;
  /** ISO date, or null for a key that never expires. */
  expiryDate: string | null;
}

/** `POST /api-key/application/:id/provisioning` (compat §3.5): answers the key itself, shown once. */
export function createProvisioningKey(fleetId: number, values: NewProvisioningKey): Promise<string> {
  return apiRequestToken(`/api-key/application/${fleetId}/provisioning`, { method: 'POST', body: values });
}

/** Revoking is deleting the `api_key` row. */
export async function revokeProvisioningKey(id: number): Promise<void> {
  await pine.delete({ resource: 'api_key', id });
}
