import { describe, expect, it } from 'vitest';
import { sameOriginAssetPath } from './asset-download.ts';

describe('sameOriginAssetPath', () => {
  const origin = 'https://flotilla.example';
  it('takes relative and same-origin hrefs as the path to fetch with the session', () => {
    expect(sameOriginAssetPath('/release-asset/v1/5/download', origin)).toBe('/release-asset/v1/5/download');
    expect(sameOriginAssetPath('https://flotilla.example/release-asset/v1/5/download?key=abc', origin)).toBe('/release-asset/v1/5/download?key=abc');
    // The server's download path under another host name is still fetched from this origin.
    expect(sameOriginAssetPath('http://evil.example/release-asset/v1/5/download?key=abc', origin)).toBe('/release-asset/v1/5/download?key=abc');
  });
  it('leaves links elsewhere (another origin, protocol-relative, not a URL) to the browser', () => {
    expect(sameOriginAssetPath('https://files.example/x.bin', origin)).toBeNull();
    expect(sameOriginAssetPath('http://flotilla.example/x.bin', origin)).toBeNull();
    expect(sameOriginAssetPath('//flotilla.example/x.bin', origin)).toBeNull();
    expect(sameOriginAssetPath('not a url', origin)).toBeNull();
  });
});
