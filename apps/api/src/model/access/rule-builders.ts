import { sql, type RawBuilder } from 'kysely';
import { rolesWithPermission, STAFF_ROLES } from '@flotilla/core/roles';
import type { Principal } from '../../auth/principal.ts';
import type { RowRule } from '../types.ts';

/**
 * Builders that compile permission names into SQL row conditions. A permission becomes the
 * list of roles that grant it (computed in JS from packages/core/src/roles.ts) and a test that
 * the row's fleet/organization id is among the ids where the user holds one of them: the
 * membership set functions `fleet_ids_with_role` / `organization_ids_with_role` (migration 0081,
 * over the views `user_application_member_role` / `user_organization_member_role`) plus the
 * staff sources for staff principals. Values are always bound parameters; identifiers come
 * from the registry through `sql.ref`.
 */
export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
export type DevicePrincipal = Extract<Principal, { kind: 'device' }>;
export type ApplicationPrincipal = Extract<Principal, { kind: 'application' }>;
type Cond = RawBuilder<unknown> | boolean;
/** A condition spliced into a hand-written WHERE: a constant rule becomes `true` or `false`. */
export function condSql(c: Cond): RawBuilder<unknown> {
  return c === true ? sql`true` : c === false ? sql`false` : c;
}

/**
 * An SQL expression over the row alias: the id of the row's fleet or organization. One that
 * reaches the fleet through parent tables (fleetVia) also says how to test the fleet id as a
 * semi-join (`through`), which testFleet prefers.
 */
export type IdOf = ((alias: string) => RawBuilder<unknown>) & {
  through?: (alias: string, test: (fleetId: RawBuilder<unknown>) => Cond) => Cond;
};

/** `alias.column` as a quoted reference. */
export const col = (alias: string, column: string): RawBuilder<unknown> => sql.ref(`${alias}.${column}`);

/**
 * Whether the rule being built is for a statement over rows already at hand (a write's candidate
 * row, the ids a write names): set only for the synchronous build of one rule (forRowsAtHand), so
 * no request sees another's. See fleetVia.
 */
let rowsAtHand = false;

/** Builds a rule for a statement over rows already at hand (write checks): see fleetVia. */
export function forRowsAtHand<T>(build: () => T): T {
  const was = rowsAtHand;
  rowsAtHand = true;
  try {
    return build();
  } finally {
    rowsAtHand = was;
  }
}

/**
 * The id of the row's fleet through a parent table: `(SELECT p.<fleetColumn> FROM <table> p WHERE p.id = alias.<fk>)`.
 * Its test (`through`) has two shapes. Over rows a statement looks for (reads, lists), a semi-join
 * from the fleets the test allows (testFleet). Over rows at hand (a write's candidate or the ids
 * it names), a correlated `EXISTS` on the parent's key: the semi-join would list every row under
 * every fleet the caller may reach to check one (a device variable written by the administrator
 * of a 20,000-device fleet read 20,000 devices), while the probe costs one index lookup a row.
 */
export function fleetVia(fk: string, table: string, next: IdOf): IdOf {
  const idOf: IdOf = (alias) => {
    const p = `${alias}_${table}`;
    return sql`(SELECT ${next(p)} FROM ${sql.table(table)} AS ${sql.table(p)} WHERE ${col(p, 'id')} = ${col(alias, fk)})`;
  };
  idOf.through = (alias, test) => {
    const p = `${alias}_${table}`;
    const inner = testFleet(next, p, test);
    if (typeof inner === 'boolean') return inner;
    if (rowsAtHand) return sql`EXISTS (SELECT 1 FROM ${sql.table(table)} AS ${sql.table(p)} WHERE ${col(p, 'id')} = ${col(alias, fk)} AND ${inner})`;
    return sql`${col(alias, fk)} IN (SELECT ${col(p, 'id')} FROM ${sql.table(table)} AS ${sql.table(p)} WHERE ${inner})`;
  };
  return idOf;
}

/**
 * `test` applied to the row's fleet id. Through parent tables it is a semi-join,
 * `alias.fk IN (SELECT p.id FROM parent p WHERE test(p's fleet))`, not `test((SELECT … WHERE p.id =
 * alias.fk))`: the latter is a sub-select run for every row of the table, whoever asks, so an
 * outsider listing images paid for every image of every tenant (100,000 images: ~1 s on
 * PostgreSQL for an empty answer); the semi-join starts from the fleets the test allows, by index.
 * Same rows: a NULL foreign key or a fleet the test refuses is not selected either way.
 */
export function testFleet(fleetOf: IdOf, alias: string, test: (fleetId: RawBuilder<unknown>) => Cond): Cond {
  return fleetOf.through ? fleetOf.through(alias, test) : test(fleetOf(alias));
}
export const column = (name: string): IdOf => (alias) => col(alias, name);

/** The roles as a `text[]` argument, or NULL for any role. */
function roleArray(roles: readonly string[] | undefined): RawBuilder<unknown> {
  return roles ? sql`ARRAY[${sql.join(roles.map((r) => sql`${r}`))}]::text[]` : sql`NULL`;
}

/** Who a permission is checked for: the user and the staff flags the auth layer read from their row. */
export type PermissionHolder = Pick<UserPrincipal, 'userId' | 'isAdmin' | 'isSupportAgent'>;
const isStaffRole = (r: string): boolean => (STAFF_ROLES as readonly string[]).includes(r);

/**
 * The ids a permission reaches: `member`, a call of a membership set function (migration 0081),
 * and the `staff` sets (uncorrelated selects) of a principal flagged as staff.
 */
interface IdSets {
  member?: RawBuilder<unknown>;
  staff: RawBuilder<unknown>[];
}

/**
 * `<id>` in the sets, each computed once per statement, never probed once per row as a
 * correlated EXISTS would be. The member set becomes an array in an InitPlan
 * (`= ANY (ARRAY(…))`): a per-row compare with a handful of ids (and an index condition),
 * where `IN (SELECT … FROM f())` would rescan the function's result for every row. The staff
 * sets (every fleet, for a platform admin) stay `IN (…)`: a hashed subplan or a semi-join.
 * NULL semantics: a NULL id yields NULL, not FALSE. Row rules are only ever ANDed/ORed into
 * WHERE clauses or wrapped in `coalesce(…, FALSE)` by the engine (odata/write-*.ts, `not`/`all`
 * in compile-filter.ts), where NULL and FALSE select the same rows; never put one under a bare NOT.
 */
function idIn(id: RawBuilder<unknown>, sets: IdSets): Cond {
  return or(
    sets.member ? sql`${id} = ANY (ARRAY(SELECT m.id FROM ${sets.member} AS m(id)))` : false,
    sets.staff.length > 0 ? sql`${id} IN (${sql.join(sets.staff, sql` UNION ALL `)})` : false,
  );
}

/**
 * The fleets on which `who` holds one of `roles` (null: any role). Memberships come from
 * `fleet_ids_with_role` (migration 0081, over the lean `user_application_member_role` view of
 * 0014); the staff sources of `user_application_role` are added only for a principal flagged as staff.
 */
function fleetIdsWithRole(who: PermissionHolder, roles: readonly string[] | null): IdSets {
  const memberRoles = roles?.filter((r) => !isStaffRole(r));
  const sets: IdSets = { staff: [] };
  if (memberRoles === undefined || memberRoles.length > 0) sets.member = sql`fleet_ids_with_role(${who.userId}, ${roleArray(memberRoles)})`;
  if (who.isSupportAgent && (roles === null || roles.includes('support_agent'))) {
    sets.staff.push(sql`SELECT sa.id FROM application sa WHERE sa.is_accessible_by_support_until__date > now()`);
  }
  if (who.isAdmin && (roles === null || roles.includes('balena_admin'))) sets.staff.push(sql`SELECT aa.id FROM application aa`);
  return sets;
}

/** The user holds a role granting `permission` on the fleet `fleetId`. */
export function userFleetPermission(who: PermissionHolder, permission: string, fleetId: RawBuilder<unknown>): Cond {
  const roles = rolesWithPermission(permission);
  if (roles.length === 0) return false;
  return idIn(fleetId, fleetIdsWithRole(who, roles));
}

/** The user holds some role (any) on a fleet of the organization `orgId`. */
export function userHasFleetInOrg(who: PermissionHolder, orgId: RawBuilder<unknown>): Cond {
  const onFleet = idIn(sql.ref('fa.id'), fleetIdsWithRole(who, null));
  return sql`${orgId} IN (SELECT fa.organization FROM application fa WHERE ${onFleet})`;
}

/** The user holds an organization role granting `permission` on organization `orgId`. */
export function userOrgPermission(who: PermissionHolder, permission: string, orgId: RawBuilder<unknown>): Cond {
  const roles = rolesWithPermission(permission);
  if (roles.length === 0) return false;
  const memberRoles = roles.filter((r) => !isStaffRole(r));
  const sets: IdSets = { staff: [] };
  if (memberRoles.length > 0) sets.member = sql`organization_ids_with_role(${who.userId}, ${roleArray(memberRoles)})`;
  // The organization view's only staff source: platform admins hold balena_admin everywhere.
  if (who.isAdmin && roles.includes('balena_admin')) sets.staff.push(sql`SELECT ao.id FROM organization ao`);
  return idIn(orgId, sets);
}

/** OR of conditions, folding constants (`true` wins, `false` disappears). */
export function or(...conds: Cond[]): Cond {
  if (conds.some((c) => c === true)) return true;
  const parts = conds.filter((c): c is RawBuilder<unknown> => c !== false);
  if (parts.length === 0) return false;
  if (parts.length === 1) return parts[0]!;
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** AND of conditions, folding constants. */
export function and(...conds: Cond[]): Cond {
  if (conds.some((c) => c === false)) return false;
  const parts = conds.filter((c): c is RawBuilder<unknown> => c !== true);
  if (parts.length === 0) return true;
  if (parts.length === 1) return parts[0]!;
  return sql`(${sql.join(parts, sql` AND `)})`;
}

export interface PrincipalRules {
  user?: (alias: string, p: UserPrincipal) => Cond;
  device?: (alias: string, p: DevicePrincipal) => Cond;
  application?: (alias: string, p: ApplicationPrincipal) => Cond;
  anonymous?: (alias: string) => Cond;
}

/** One RowRule from per-principal-kind conditions; kinds without an entry see nothing. System sees all. */
export function byPrincipal(rules: PrincipalRules): RowRule {
  return (alias, p) => {
    switch (p.kind) {
      case 'system':
        return true;
      case 'user':
        return rules.user ? rules.user(alias, p) : false;
      case 'device':
        return rules.device ? rules.device(alias, p) : false;
      case 'application':
        return rules.application ? rules.application(alias, p) : false;
      case 'anonymous':
        return rules.anonymous ? rules.anonymous(alias) : false;
    }
  };
}

export const everyone: RowRule = () => true;
export const nobody: RowRule = (_alias, p) => p.kind === 'system';
/** Any signed-in principal (user, fleet or device key). */
export const anyAuthenticated: RowRule = (_alias, p) => p.kind !== 'anonymous';

/** Users holding `permission` on the row's fleet. */
export function fleetPermission(permission: string, fleetOf: IdOf): (alias: string, p: UserPrincipal) => Cond {
  return (alias, p) => testFleet(fleetOf, alias, (fleetId) => userFleetPermission(p, permission, fleetId));
}

/** The row belongs to the device principal's own fleet (devices read their fleet's data). */
export function inDeviceFleet(fleetOf: IdOf): (alias: string, p: DevicePrincipal) => Cond {
  return (alias, p) => {
    const fleetId = p.applicationId;
    return fleetId == null ? false : testFleet(fleetOf, alias, (id) => sql`${id} = ${fleetId}`);
  };
}

/** The row belongs to the application (provisioning key) principal's fleet. */
export function inApplicationFleet(fleetOf: IdOf): (alias: string, p: ApplicationPrincipal) => Cond {
  return (alias, p) => testFleet(fleetOf, alias, (id) => sql`${id} = ${p.applicationId}`);
}

/** The row's device column is the device principal itself. */
export function ownDevice(deviceColumn: string): (alias: string, p: DevicePrincipal) => Cond {
  return ownDeviceVia(column(deviceColumn));
}

/** The row's device, reached through `deviceOf` (a parent row's device), is the device principal itself. */
export function ownDeviceVia(deviceOf: IdOf): (alias: string, p: DevicePrincipal) => Cond {
  return (alias, p) => sql`${deviceOf(alias)} = ${p.deviceId}`;
}
