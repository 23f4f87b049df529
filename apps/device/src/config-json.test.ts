import { describe, expect, it } from 'vitest';
import { parseConfigJson } from './config-json.ts';

describe('config.json', () => {
  it('reads the API, provisioning key, device type and poll interval', () => {
    const config = parseConfigJson(
      JSON.stringify({ applicationId: 1, apiEndpoint: 'http://127.0.0.1:8080', apiKey: 'pk', deviceType: 'raspberrypi4-64', appUpdatePollInterval: 600000, listenPort: 48484 }),
    );
    expect(config).toEqual({ apiEndpoint: 'http://127.0.0.1:8080', apiKey: 'pk', deviceType: 'raspberrypi4-64', appUpdatePollInterval: 600000 });
  });

  it('reads the initial device name balena config generate --initial-device-name writes', () => {
    const config = parseConfigJson(JSON.stringify({ apiEndpoint: 'http://127.0.0.1:8080', apiKey: 'pk', deviceType: 'raspberrypi4-64', initialDeviceName: 'greenhouse-1' }));
    expect(config.initialDeviceName).toBe('greenhouse-1');
  });

  it('says what is missing, and refuses text that is not JSON', () => {
    expect(() => parseConfigJson('{"apiEndpoint":"http://x"}')).toThrow(/apiKey, deviceType/);
    expect(() => parseConfigJson('not json')).toThrow('config.json is not JSON');
  });
});
