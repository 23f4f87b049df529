import type { Db } from '../db/database.ts';
import { forbidden } from '../lib/errors.ts';

/** The code of the refusal below; the dashboard's words for it are `errors.organization_is_frozen_*`. */
export const ORGANIZATION_FROZEN_CODE = 'organization_is_frozen';
export const ORGANIZATION_FROZEN_MESSAGE =
  'This organization is frozen because its invoices are past due: update its billing details to add fleets, devices, releases or members again.';

/**
 * A frozen organization (accounts spec §4: invoices past due 60 days or more) can reach only
 * billing in the dashboard (§2). The API holds the same line where it costs money: nothing new
 * is added to it (fleets, devices — registered, created or moved in —, releases, invitations)
 * until it pays. What it already has keeps working, reads stay open and removals are allowed,
 * so a frozen organization can still shrink to what it can pay for. Called by the write hooks
 * after the engine's permission checks, so the refusal tells nothing to someone who could not
 * write there anyway.
 */
export async function assertOrganizationCanGrow(db: Db, target: { organizationId: number } | { fleetId: number }): Promise<void> {
  const row =
    'organizationId' in target
      ? await db.selectFrom('organization').select('is_frozen').where('id', '=', target.organizationId).executeTakeFirst()
      : await db
          .selectFrom('application as a')
          .innerJoin('organization as o', 'o.id', 'a.organization')
          .select('o.is_frozen')
          .where('a.id', '=', target.fleetId)
          .executeTakeFirst();
  if (row?.is_frozen === true) throw forbidden(ORGANIZATION_FROZEN_MESSAGE, ORGANIZATION_FROZEN_CODE);
}

/** Devices moved to fleet `fleetId`: refused only when one comes from another organization (a move inside one does not grow it). */
export async function assertDevicesMayMoveTo(db: Db, deviceIds: readonly number[], fleetId: number): Promise<void> {
  if (deviceIds.length === 0) return;
  const fromElsewhere = await db
    .selectFrom('device as d')
    .innerJoin('application as a', 'a.id', 'd.belongs_to__application')
    .select('d.id')
    .where('d.id', 'in', deviceIds)
    .where('a.organization', '<>', (eb) => eb.selectFrom('application').select('organization').where('id', '=', fleetId))
    .limit(1)
    .executeTakeFirst();
  if (fromElsewhere) await assertOrganizationCanGrow(db, { fleetId });
}
