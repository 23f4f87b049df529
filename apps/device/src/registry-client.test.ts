import { describe, expect, it } from 'vitest';
import { RegistryClient, parseImageRef } from './registry-client.ts';

describe('image references', () => {
  it('splits host (with port), repository and tag or digest', () => {
    expect(parseImageRef('127.0.0.1:5000/v2/abc')).toEqual({ host: '127.0.0.1:5000', repository: 'v2/abc', reference: 'latest' });
    expect(parseImageRef('registry.example.com/v2/abc:v1')).toEqual({ host: 'registry.example.com', repository: 'v2/abc', reference: 'v1' });
    expect(parseImageRef(`registry.example.com/v2/abc@sha256:${'a'.repeat(64)}`)).toEqual({ host: 'registry.example.com', repository: 'v2/abc', reference: `sha256:${'a'.repeat(64)}` });
    expect(parseImageRef('main')).toBeNull();
    expect(parseImageRef('host/')).toBeNull();
  });

  it('serves only images whose host is the registry', () => {
    const client = new RegistryClient('http://127.0.0.1:5000', { username: 'd_x', password: 'k' });
    expect(client.serves('127.0.0.1:5000/v2/abc@sha256:00')).toBe(true);
    expect(client.serves('registry.localhost/v2/abc')).toBe(false);
  });
});
