import { describe, expect, it } from 'vitest';
import { geoIpRequestUrl, isPublicAddress, normalizeAddress } from './device-geolocation.ts';

describe('which addresses are looked up', () => {
  it('sends public IPv4 and IPv6 addresses only', () => {
    for (const ip of ['203.0.113.10', '8.8.8.8', '2001:db8::1', '2a00:1450::1']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd12::1', 'fe80::1', 'not-an-ip', '']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    expect(isPublicAddress('172.32.0.1')).toBe(true);
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(normalizeAddress('::ffff:203.0.113.10')).toBe('203.0.113.10');
    expect(normalizeAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('fills only {ip} into the configured URL', () => {
    expect(geoIpRequestUrl('http://geo.local:8080/json/{ip}?fields=lat,lon', '2001:db8::1')).toBe('http://geo.local:8080/json/2001%3Adb8%3A%3A1?fields=lat,lon');
  });
});
