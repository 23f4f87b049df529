import { describe, expect, it } from 'vitest';
import { listODataOptions } from '../../components/data-list/list-odata.ts';
import { DEVICE_LIST, deviceListParams, validateDeviceListSearch } from './device-list.ts';

describe('the device list URL', () => {
  it('filters on the OS variant, public address and MAC columns, and drops an unknown variant', () => {
    const search = validateDeviceListSearch({
      // The router hands the search over parsed from the URL's JSON.
      filters: [
        { field: 'osVariant', op: 'is', value: 'dev' },
        { field: 'mac', op: 'contains', value: '02:00' },
        { field: 'publicIp', op: 'is', value: '203.0.113.9' },
      ],
    });
    const { $filter } = listODataOptions(DEVICE_LIST, deviceListParams(search), { belongs_to__application: 7 });
    expect(JSON.stringify($filter)).toContain('"os_variant"');
    expect(JSON.stringify($filter)).toContain('"mac_address"');
    expect(JSON.stringify($filter)).toContain('"public_address"');
    const bad = validateDeviceListSearch({ filters: [{ field: 'osVariant', op: 'is', value: 'beta' }] });
    expect(deviceListParams(bad).filters).toEqual([]);
  });
});
