import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/v7/device?apikey=s3cret&$top=1', `/v7/device?apikey=${REDACTED}&$top=1`],
    ['/v7/device?$top=1&APIKEY=s3cret', `/v7/device?$top=1&APIKEY=${REDACTED}`],
    ['/v7/device?%61pikey=s3cret', `/v7/device?%61pikey=${REDACTED}`],
    ['/user/verify-email?token=abc&email=a%40b.c', `/user/verify-email?token=${REDACTED}&email=a%40b.c`],
    ['/auth/callback?code=xyz&state=1', `/auth/callback?code=${REDACTED}&state=1`],
    ['/user/reset-password/r3set-code', `/user/reset-password/${REDACTED}`],
    ['/organization/invitation/payload.secret?x=1', `/organization/invitation/${REDACTED}?x=1`],
    ['/org/v1/invitation/payload.secret', `/org/v1/invitation/${REDACTED}`],
    ['/user/v1/invitation/payload.secret?x=1', `/user/v1/invitation/${REDACTED}?x=1`],
    ['/invitation/payload.secret', `/invitation/${REDACTED}`],
    ['/ORG//v1/Invitation/payload.secret', `/org/v1/invitation/${REDACTED}`],
    ['/%75ser/reset-password/r3set-code', `/user/reset-password/${REDACTED}`],
    ['/download-config?appId=1&network=wifi&wifiSsid=home&wifiKey=s3cret', `/download-config?appId=1&network=wifi&wifiSsid=home&wifiKey=${REDACTED}`],
    ['/download-config?WIFIKEY=s3cret&appId=1', `/download-config?WIFIKEY=${REDACTED}&appId=1`],
    ['/release-asset/v1/7/download?key=s3cret', `/release-asset/v1/7/download?key=${REDACTED}`],
  ])('hides the secret in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toMatch(/s3cret|r3set|payload\.secret|=abc|=xyz/);
  });

  it.each(['/v7/device?$filter=id eq 1', '/fleets/12/devices', '/user/reset-password/', '/org/v1/invitation/', '/invitations', '/ping', '/v7/application?$select=id&apikey', '/x?%E0%A4%A=1'])(
    'leaves %s as it is',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});
