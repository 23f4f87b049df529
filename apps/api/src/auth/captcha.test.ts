import { describe, expect, it } from 'vitest';
import { CAPTCHA_VERIFY_URL, isCaptchaAccepted, type FetchLike } from './captcha.ts';

function provider(success: boolean, calls: { url: string; body: string }[]): FetchLike {
  return async (url, init) => {
    calls.push({ url, body: init.body });
    return { ok: true, json: async () => ({ success }) };
  };
}

describe('captcha', () => {
  it('accepts anything, including nothing, in dummy mode (no secret)', async () => {
    expect(await isCaptchaAccepted(undefined, undefined)).toBe(true);
    expect(await isCaptchaAccepted('dummy', undefined)).toBe(true);
  });
  it('requires a response when a secret is configured', async () => {
    const calls: { url: string; body: string }[] = [];
    expect(await isCaptchaAccepted(undefined, 's3cret', provider(true, calls))).toBe(false);
    expect(calls).toHaveLength(0);
  });
  it('asks the provider and follows its verdict', async () => {
    const calls: { url: string; body: string }[] = [];
    expect(await isCaptchaAccepted('tok', 's3cret', provider(true, calls))).toBe(true);
    expect(await isCaptchaAccepted('tok', 's3cret', provider(false, calls))).toBe(false);
    expect(calls[0]).toEqual({ url: CAPTCHA_VERIFY_URL, body: 'secret=s3cret&response=tok' });
  });
  it('treats provider failures as rejection', async () => {
    const failing: FetchLike = async () => {
      throw new Error('network down');
    };
    expect(await isCaptchaAccepted('tok', 's3cret', failing)).toBe(false);
  });
});
