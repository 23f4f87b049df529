import { pine } from '../../../lib/pine.ts';

/**
 * The HTTP calls behind the configuration writes (fleets spec §7 "Variables"): POST a new
 * variable with its owner, name and value, PATCH an existing one's value by id, DELETE by id.
 */

export type ConfigOwner = { kind: 'fleet'; id: number } | { kind: 'device'; id: number };

const RESOURCE = { fleet: 'application_config_variable', device: 'device_config_variable' } as const;
const OWNER_FIELD = { fleet: 'application', device: 'device' } as const;

export async function createConfigVariable(owner: ConfigOwner, name: string, value: string): Promise<void> {
  await pine.post({ resource: RESOURCE[owner.kind], body: { [OWNER_FIELD[owner.kind]]: owner.id, name, value } });
}

export async function updateConfigVariable(owner: ConfigOwner, id: number, value: string): Promise<void> {
  await pine.patch({ resource: RESOURCE[owner.kind], id, body: { value } });
}

export async function deleteConfigVariable(owner: ConfigOwner, id: number): Promise<void> {
  await pine.delete({ resource: RESOURCE[owner.kind], id });
}
