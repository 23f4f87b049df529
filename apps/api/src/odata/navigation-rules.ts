import { badRequest } from '../lib/errors.ts';
import type { ResolvedNav } from './context.ts';

/**
 * Two rules on navigations, next to the depth and size limits of limits.ts, that keep the rows a
 * query can make proportional to the rows it reads. Depth limits alone bound how many levels a
 * query has, not how many rows each level multiplies: 40 releases of one's own fleet made
 * `application(1)?$expand=owns__release($expand=belongs_to__application($expand=owns__release(…)))`
 * 40³ rows (55 MB, 10 s), and five any() lambdas each over the same `owns__release` compared
 * 40⁵ combinations; the embedded database cannot be interrupted, so every tenant waited.
 *
 * 1. A to-many navigation may not lead to a resource already on its path (device → fleet →
 *    devices, release → fleet → releases). Without such a return every step follows foreign keys
 *    away from the rows it came from, so a path's rows are bounded by the rows of its tables; a
 *    to-one step back (device → fleet) stays allowed, it adds no rows; so does one expansion
 *    capped by a small `$top` (RETURN_TOP_MAX).
 * 2. Inside a lambda, navigations start from the lambda's own variable (`d/device_tag/any(…)`),
 *    not from the resource or an outer variable: those would pair every row of the lambda's
 *    collection with every row of another. Plain fields of outer scopes stay readable.
 *
 * No recorded balena-sdk or balena-cli URL and no dashboard query does either, but for the two
 * exceptions below (navigation-rules.test.ts compiles them all).
 */

/**
 * One exception, for an expansion: a return capped by its own `$top` of at most RETURN_TOP_MAX
 * rows, once per path — what balena-sdk's `team.rename` sends to look for a name already taken
 * (`team → organization → owns__team($top=1;$filter=name eq …)`). It adds at most that many rows
 * per row, once.
 */
export const RETURN_TOP_MAX = 100;
const RETURNED = '↩';

/**
 * The other exception, in a `$filter` (lambdas, paths, counts; it makes no rows, only tests
 * them): a return to a catalog resource (ResourceDef.catalog), once per path. `balena preload`
 * without `--fleet` lists the fleets an image can take with
 * `is_for__device_type/any(dt:dt/is_of__cpu_architecture/any(ioca:ioca/is_supported_by__device_type/any(isbdt:isbdt/slug eq '…')))`
 * (application → device type → architecture → device types): that tests at most the catalog's
 * rows per fleet, however many fleets, devices or releases tenants have.
 */
export type NavigationUse = 'expand' | 'filter';

/**
 * The path's resources after `nav`, or 400 when `nav` is to-many and returns to one of them
 * (`top`: an expansion's `$top`; `use`: whether the navigation makes rows or only tests them).
 */
export function enterNavigation(path: readonly string[], nav: ResolvedNav, top?: number, use: NavigationUse = 'expand'): readonly string[] {
  if (nav.cardinality === 'many' && path.includes(nav.target.name)) {
    const firstReturn = !path.includes(RETURNED);
    if (firstReturn && top !== undefined && top <= RETURN_TOP_MAX) return [...path, RETURNED, nav.target.name];
    if (firstReturn && use === 'filter' && nav.target.catalog) return [...path, RETURNED, nav.target.name];
    throw badRequest(
      `"${nav.name}" leads back to ${nav.target.name}, already on this path (${[...path, nav.target.name].join(' → ')}): a to-many navigation may not return to a resource it came from`,
      'query_too_complex',
    );
  }
  return [...path, nav.target.name];
}

/** 400 for a navigation inside lambda `variable` that does not start from it. */
export function refuseNavigationOutsideLambda(name: string, variable: string): never {
  throw badRequest(`Inside the lambda of "${variable}", navigate from "${variable}" (${variable}/${name}/…), not from an outer resource`, 'query_too_complex');
}
