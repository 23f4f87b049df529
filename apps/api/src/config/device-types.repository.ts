import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface DeviceTypeRow {
  slug: string;
  name: string;
  logo: string | null;
  contract: Record<string, unknown> | null;
  is_private: boolean;
  arch: string;
  aliases: string[];
}

/**
 * Device types visible to the caller: public ones, plus private ones an organization of the
 * user has access to. `slugOrAlias` narrows to the type with that slug or alias.
 */
export async function listDeviceTypes(db: Db, userId: number | null, slugOrAlias?: string): Promise<DeviceTypeRow[]> {
  let query = db
    .selectFrom('device_type as dt')
    .innerJoin('cpu_architecture as ca', 'ca.id', 'dt.is_of__cpu_architecture')
    .select([
      'dt.slug',
      'dt.name',
      'dt.logo',
      'dt.contract',
      'dt.is_private',
      'ca.slug as arch',
      sql<string[]>`coalesce((SELECT array_agg(a.is_referenced_by__alias ORDER BY a.is_referenced_by__alias)
        FROM device_type_alias a WHERE a.device_type = dt.id), ARRAY[]::text[])`.as('aliases'),
    ])
    .where((eb) =>
      eb.or([
        eb('dt.is_private', '=', false),
        eb.exists(
          eb
            .selectFrom('organization__has_private_access_to__device_type as p')
            .innerJoin('organization_membership as om', 'om.is_member_of__organization', 'p.organization')
            .select(sql`1`.as('one'))
            .whereRef('p.has_private_access_to__device_type', '=', 'dt.id')
            .where('om.user', '=', userId ?? -1),
        ),
      ]),
    )
    .orderBy('dt.slug');
  if (slugOrAlias !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('dt.slug', '=', slugOrAlias),
        eb.exists(
          eb
            .selectFrom('device_type_alias as a2')
            .select(sql`1`.as('one'))
            .whereRef('a2.device_type', '=', 'dt.id')
            .where('a2.is_referenced_by__alias', '=', slugOrAlias),
        ),
      ]),
    );
  }
  return (await query.execute()) as DeviceTypeRow[];
}
