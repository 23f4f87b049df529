import { describe, expect, it } from 'vitest';
import { cliLoginPath, parseCliLoginCallback } from './cli-login.ts';

describe('CLI login callbacks', () => {
  it('decodes the path balena-cli opens, once or twice decoded already', () => {
    const tail = cliLoginPath('http://127.0.0.1:59581/auth').slice('/login/cli/'.length);
    expect(tail).toBe('http%253A%252F%252F127.0.0.1%253A59581%252Fauth');
    expect(parseCliLoginCallback(tail)?.href).toBe('http://127.0.0.1:59581/auth');
    expect(parseCliLoginCallback(decodeURIComponent(tail))?.href).toBe('http://127.0.0.1:59581/auth');
    expect(parseCliLoginCallback('http://127.0.0.1:59581/auth')?.href).toBe('http://127.0.0.1:59581/auth');
    expect(parseCliLoginCallback(encodeURIComponent('http://localhost:8000/auth'))?.href).toBe('http://localhost:8000/auth');
  });

  it.each([
    ['another host', 'http://evil.example:8000/auth'],
    ['another IP address', 'http://10.0.0.8:8000/auth'],
    ['a host that only starts like loopback', 'http://127.0.0.1.evil.example:8000/auth'],
    ['https', 'https://127.0.0.1:8000/auth'],
    ['no port', 'http://127.0.0.1/auth'],
    ['credentials', 'http://user:secret@127.0.0.1:8000/auth'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', '/auth'],
    ['a broken escape', '%E0%A4%A'],
    ['nothing', ''],
    ['encoded four times', encodeURIComponent(encodeURIComponent(encodeURIComponent(encodeURIComponent('http://127.0.0.1:1/auth'))))],
  ])('refuses %s', (_label, callback) => {
    expect(parseCliLoginCallback(callback)).toBeNull();
  });
});
