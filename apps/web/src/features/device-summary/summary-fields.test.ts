import { describe, expect, it } from 'vitest';
import { devicePublicUrl, supportAccessUntil, updateStatusShown } from './summary-fields.ts';

describe('updateStatusShown', () => {
  it('shows a known status with its colour, and nothing for none or null', () => {
    expect(updateStatusShown('downloading')).toMatchObject({ status: 'downloading', label: 'Downloading', color: 'info' });
    expect(updateStatusShown(null)).toBeNull();
    expect(updateStatusShown('none')).toBeNull();
  });
});

describe('supportAccessUntil', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it('is the expiry while it is in the future', () => {
    expect(supportAccessUntil('2026-06-02T00:00:00Z', now)).toBe('2026-06-02T00:00:00Z');
  });
  it('is null once expired, or without a grant', () => {
    expect(supportAccessUntil('2026-05-31T00:00:00Z', now)).toBeNull();
    expect(supportAccessUntil(null, now)).toBeNull();
  });
});

describe('devicePublicUrl', () => {
  it('puts the uuid in front of the deployment base', () => {
    expect(devicePublicUrl('abc123', 'devices.example.com')).toBe('https://abc123.devices.example.com');
  });
  it('is null without a base', () => {
    expect(devicePublicUrl('abc123', '')).toBeNull();
  });
});
