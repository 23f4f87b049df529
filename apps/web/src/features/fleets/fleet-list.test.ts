import { describe, expect, it } from 'vitest';
import { listODataOptions } from '../../components/data-list/list-odata.ts';
import { FLEET_LIST, fleetListParams, validateFleetListSearch } from './fleet-list.ts';

describe('fleet list', () => {
  it('keeps rules on server fields and drops the online count, which is not one', () => {
    const search = validateFleetListSearch({
      sort: 'online',
      filters: [
        { field: 'devices', op: 'gt', value: '3' },
        { field: 'online', op: 'gt', value: '1' },
        { field: 'organization', op: 'contains', value: 'acme' },
      ],
    });
    expect(search).toEqual({
      filters: [
        { field: 'devices', op: 'gt', value: '3' },
        { field: 'organization', op: 'contains', value: 'acme' },
      ],
    });
  });

  it('sorts and filters the device total as owns__device/$count, within the scope', () => {
    const params = fleetListParams({ sort: 'devices', dir: 'desc', filters: [{ field: 'devices', op: 'gt', value: '3' }] });
    const scope = { is_of__class: 'fleet' };
    expect(listODataOptions(FLEET_LIST, params, scope)).toEqual({
      $filter: { $and: [scope, { $gt: [{ $: ['owns__device', '$count'] }, 3] }] },
      $scope: scope,
      $orderby: { 'owns__device/$count': 'desc' },
      $top: 50,
      $skip: 0,
    });
  });
});
