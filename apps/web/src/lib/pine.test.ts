// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../test/fake-jwt.ts';
import { ApiError } from './http.ts';
import { pine } from './pine.ts';
import { getToken, setToken } from './session.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let calls: Call[] = [];

function respondWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(init.body as string) : undefined,
      });
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return new Response(status === 204 ? null : text, {
        status,
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers },
      });
    }),
  );
}

const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 });

beforeEach(() => {
  calls = [];
  localStorage.clear();
  setToken(token);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pine (OData client over fetch)', () => {
  it('sends the pinejs dialect to /v7 with the bearer token and unwraps d', async () => {
    respondWith(200, { d: [{ id: 1, app_name: 'a' }] });
    const rows = await pine.get({
      resource: 'application',
      options: {
        $select: ['id', 'app_name'],
        $filter: { is_directly_accessible_by__user: { $any: { $alias: 'dau', $expr: { 1: 1 } } } },
        $expand: { owns__device: { $count: {} } },
      },
    });
    expect(rows).toEqual([{ id: 1, app_name: 'a' }]);
    expect(calls).toHaveLength(1);
    expect(decodeURIComponent(calls[0]!.url)).toBe(
      "/v7/application?$select=id,app_name&$filter=is_directly_accessible_by__user/any(dau:1 eq 1)&$expand=owns__device/$count",
    );
    expect(calls[0]!.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('addresses a device by uuid and returns undefined for an empty result', async () => {
    respondWith(200, { d: [] });
    const device = await pine.get({ resource: 'device', id: { uuid: 'abc' }, options: { $select: ['id'] } });
    expect(device).toBeUndefined();
    expect(calls[0]!.url).toBe("/v7/device(uuid='abc')?$select=id");
  });

  it('returns counts from /$count', async () => {
    respondWith(200, { d: 7 });
    const count = await pine.get({ resource: 'device', options: { $count: { $filter: { belongs_to__application: 3 } } } });
    expect(count).toBe(7);
    expect(decodeURIComponent(calls[0]!.url)).toBe('/v7/device/$count?$filter=belongs_to__application eq 3');
  });

  it('posts JSON bodies', async () => {
    respondWith(201, { id: 5, app_name: 'x' });
    const created = await pine.post({ resource: 'application', body: { app_name: 'x', organization: 1 } });
    expect(created).toMatchObject({ id: 5 });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v7/application', body: { app_name: 'x', organization: 1 } });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
  });

  it('turns an error body into an ApiError with the server message and status', async () => {
    respondWith(409, { error: 'app_name must be unique' });
    const error = await pine.post({ resource: 'application', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'app_name must be unique' });
    expect(getToken()).toBe(token);
  });

  it('logs out when an authenticated call gets 401', async () => {
    respondWith(401, 'Unauthorized');
    await expect(pine.get({ resource: 'application' })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('reads Retry-After on 429', async () => {
    respondWith(429, { error: 'Too Many Requests' }, { 'Retry-After': '30' });
    await expect(pine.get({ resource: 'application' })).rejects.toMatchObject({ status: 429, retryAfter: 30 });
  });

  it('upserts an existing row: a 409 "must be unique" on the POST turns into a PATCH of it', async () => {
    const answers = [
      { status: 409, body: { error: '"device, name" must be unique.' } },
      { status: 200, body: '' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : undefined });
        const next = answers.shift()!;
        return new Response(next.body === '' ? null : JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
      }),
    );
    await pine.upsert({ resource: 'device_config_variable', id: { device: 7, name: 'BALENA_SUPERVISOR_LOCAL_MODE' }, body: { value: '0' } });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(calls[1]!.url).toContain('device_config_variable');
    expect(calls[1]!.body).toEqual({ value: '0' });
  });
});
