import { pine } from '../../../lib/pine.ts';
import { ALL_SERVICES, type StagedEdit } from '../variable-staging.ts';

/**
 * The calls behind Apply all (fleets spec §7 Variables): a new variable is POSTed to its owner
 * (the fleet, a service, the device or the device's service install), a changed one PATCHed by
 * id with its value, a deleted one DELETEd by id.
 */

/** Where a table's variables live. */
export type VariableOwner = { level: 'fleet'; fleetId: number } | { level: 'device'; deviceId: number; installByService: ReadonlyMap<number, number> };

/** The resource and the owner field of a variable of `serviceId` under `owner`. */
function resourceOf(owner: VariableOwner, serviceId: number): { resource: string; ownerField: Record<string, number> } {
  if (owner.level === 'fleet') {
    return serviceId === ALL_SERVICES
      ? { resource: 'application_environment_variable', ownerField: { application: owner.fleetId } }
      : { resource: 'service_environment_variable', ownerField: { service: serviceId } };
  }
  if (serviceId === ALL_SERVICES) return { resource: 'device_environment_variable', ownerField: { device: owner.deviceId } };
  const install = owner.installByService.get(serviceId);
  // The device does not run this service (fleets spec §5: "service not found").
  if (install === undefined) throw new Error('Service not found');
  return { resource: 'device_service_environment_variable', ownerField: { service_install: install } };
}

export async function applyVariableEdit(owner: VariableOwner, edit: StagedEdit): Promise<void> {
  const { resource, ownerField } = resourceOf(owner, edit.serviceId);
  if (edit.status === 'added') await pine.post({ resource, body: { ...ownerField, name: edit.name, value: edit.value } });
  else if (edit.status === 'changed') await pine.patch({ resource, id: edit.id, body: { value: edit.value } });
  else await pine.delete({ resource, id: edit.id });
}
