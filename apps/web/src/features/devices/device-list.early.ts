import type { QueryFunction, QueryKey, SkipToken } from '@tanstack/react-query';
import { defaultParseSearch } from '@tanstack/react-router';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { accountStatusQuery } from '../account-email/api/account-email.queries.ts';
import { fleetQuery } from '../fleets/api/fleets.queries.ts';
import { fleetDevicePageQuery } from './api/devices.queries.ts';
import { deviceListParams, validateDeviceListSearch } from './device-list.ts';

/** Starts one query's function (the boot script captures the requests it makes). */
export type StartQuery = <K extends QueryKey>(options: { queryKey: K; queryFn?: QueryFunction<unknown, K> | SkipToken }) => void;

/** `/fleets/$fleetId/devices`, as the router matches it (routes.tsx here and in features/fleets). */
const DEVICE_LIST_PATH = /^\/fleets\/(\d+)\/devices$/;

/**
 * What `/fleets/$fleetId/devices` waits for before its first page is on screen (src/boot.ts
 * sends it before the app's code has run): the signed-in layout's loader (account status, who
 * am I), the fleet route's loader (the fleet) and the page itself (the page of devices and its
 * total, as the URL's search describes them, parsed as the router parses it). False for any
 * other path.
 */
export function startDeviceListQueries(pathname: string, search: string, start: StartQuery): boolean {
  const match = DEVICE_LIST_PATH.exec(pathname);
  if (!match) return false;
  const fleetId = Number(match[1]);
  start(accountStatusQuery);
  start(whoamiQuery);
  start(fleetQuery(fleetId));
  start(fleetDevicePageQuery(fleetId, deviceListParams(validateDeviceListSearch(defaultParseSearch(search)))));
  return true;
}

/**
 * The page's code, asked for with its data: the router would ask only once the app has run
 * (the same chunk: `import()` of one module loads and evaluates it once).
 */
export function loadDeviceListPage(): Promise<unknown> {
  return import('./components/DeviceListPage.tsx');
}
