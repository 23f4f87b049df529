import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { PARSE_CACHE_MAX_URL, PARSE_CACHE_SIZE, parseODataUrl } from './parse.ts';
import { wire } from './test-wire.ts';
import { COMPAT_URLS } from './test-compat-urls.ts';

const parseErr = (url: string) => {
  try {
    parseODataUrl(url);
  } catch (e) {
    return e;
  }
  throw new Error(`expected ${url} to fail`);
};

describe('parseODataUrl', () => {
  it('parses collections, ids, natural and composite keys, and /$count', () => {
    expect(parseODataUrl('/application')).toEqual({ resource: 'application', count: false, options: {} });
    expect(parseODataUrl('/application(1)').key).toEqual({ kind: 'id', value: { kind: 'number', value: 1 } });
    expect(parseODataUrl("/device(uuid='abc')").key).toEqual({ kind: 'fields', values: { uuid: { kind: 'text', value: 'abc' } } });
    expect(parseODataUrl("/service(application=1,service_name='main')").key).toEqual({
      kind: 'fields',
      values: { application: { kind: 'number', value: 1 }, service_name: { kind: 'text', value: 'main' } },
    });
    expect(parseODataUrl('/device/$count?$filter=id%20eq%201').count).toBe(true);
  });

  it('splits on & before decoding and decodes exactly once (no + as space)', () => {
    const r = parseODataUrl("/device?$filter=device_name%20eq%20%27a%26b%2Bc%2525%27&$select=id");
    expect(r.options.filter).toEqual({ t: 'cmp', op: 'eq', left: { t: 'path', path: { name: 'device_name' } }, right: { t: 'lit', lit: { kind: 'text', value: 'a&b+c%25' } } });
    expect(r.options.select).toEqual(['id']);
    const plus = parseODataUrl("/device?$filter=device_name%20eq%20'a+b'");
    expect((plus.options.filter as { right: unknown }).right).toEqual({ t: 'lit', lit: { kind: 'text', value: 'a+b' } });
  });

  it('decodes path keys the same way and honours doubled quotes and parentheses in literals', () => {
    expect(parseODataUrl("/organization(handle='my%20org')").key).toEqual({ kind: 'fields', values: { handle: { kind: 'text', value: 'my org' } } });
    const r = parseODataUrl(wire("/device?$filter=contains(device_name,'o''x (y), z;')"));
    expect(r.options.filter).toMatchObject({ t: 'call', method: 'contains', args: [{ t: 'path' }, { t: 'lit', lit: { value: "o'x (y), z;" } }] });
  });

  it('ignores option order and unknown non-$ parameters such as apikey', () => {
    const a = parseODataUrl('/device?$top=1&$select=id&apikey=secret');
    const b = parseODataUrl('/device?apikey=secret&$select=id&$top=1');
    expect(a).toEqual(b);
    expect(a.options).toEqual({ top: 1, select: ['id'] });
  });

  it('parses nested $expand options to any depth and /$count expands', () => {
    const r = parseODataUrl(
      wire("/device?$expand=image_install($select=id,status;$filter=status ne 'deleted';$expand=installs__image($select=id;$expand=is_a_build_of__service($select=id,service_name)),is_provided_by__release($select=id;$expand=belongs_to__application($select=slug))),owns__device/$count($filter=is_online eq true)"),
    );
    const [ii, cnt] = r.options.expand ?? [];
    expect(ii?.name).toBe('image_install');
    expect(ii?.options.expand?.[0]?.options.expand?.[0]).toMatchObject({ name: 'is_a_build_of__service', options: { select: ['id', 'service_name'] } });
    expect(cnt).toMatchObject({ name: 'owns__device', count: true, options: { filter: { t: 'cmp', op: 'eq' } } });
  });

  it('resolves literals: datetime, duration, null, booleans, lists, numbers', () => {
    const r = parseODataUrl(
      wire("/device?$filter=created_at ge datetime'2026-01-01T00:00:00.000Z' and created_at lt (now() sub duration'P1DT2H') and note ne null and is_online eq true and id in (1,2) and score gt -1.5"),
    );
    const f = r.options.filter as { t: 'and'; args: unknown[] };
    expect(f.args[0]).toMatchObject({ right: { lit: { kind: 'datetime', value: '2026-01-01T00:00:00.000Z' } } });
    expect(f.args[1]).toMatchObject({ right: { t: 'arith', op: 'sub', right: { lit: { kind: 'duration', value: { day: 1, hour: 2, negative: false } } } } });
    expect(f.args[2]).toMatchObject({ op: 'ne', right: { lit: { kind: 'null' } } });
    expect(f.args[3]).toMatchObject({ right: { lit: { kind: 'boolean', value: true } } });
    expect(f.args[4]).toMatchObject({ t: 'in', items: [{ kind: 'number', value: 1 }, { kind: 'number', value: 2 }] });
    expect(f.args[5]).toMatchObject({ right: { lit: { kind: 'number', value: -1.5 } } });
  });

  it('parses lambdas with nested alias paths', () => {
    const r = parseODataUrl(wire("/x?$filter=service_install/any(si:si/device eq 20 and si/installs__service/any(is:is/service_name eq 'main'))"));
    expect(r.options.filter).toMatchObject({ t: 'path', path: { name: 'service_install', lambda: { method: 'any', identifier: 'si' } } });
  });

  it('supports parameter aliases', () => {
    const r = parseODataUrl("/device?$filter=device_name%20eq%20@n&@n='x'");
    expect(r.options.filter).toMatchObject({ right: { lit: { kind: 'text', value: 'x' } } });
  });

  it.each([
    ['/device?$filter=id%20eq', 'Could not parse'],
    ['/device?$filter=', 'Empty value'],
    ['/device?$bogus=1', 'Unknown query option'],
    ['/device?$top=-1', 'Could not parse'],
    ['/device?$filter=a%ZZ', 'Malformed percent-encoding'],
    ['/device(1)/owns__thing', 'not supported'],
    ['/device?$select=id&$select=uuid', 'Duplicate'],
    ['/', 'Missing resource'],
    ['/device?$filter=a%20eq%20@missing', 'Unknown parameter'],
  ])('rejects %s with a 400', (url, message) => {
    const e = parseErr(url);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    expect((e as AppError).message).toContain(message);
  });

  it.each(COMPAT_URLS)('parses the recorded client URL %s', (url) => {
    const r = parseODataUrl(wire(url.replace(/^\/v7/, '')));
    expect(r.resource).toMatch(/^\w+$/);
  });
});

describe('parseODataUrl cache', () => {
  const url = (n: number) => `/device?$select=id&$filter=id eq ${n}`;

  it('answers a URL it has parsed with the same request, frozen all the way down', () => {
    const first = parseODataUrl(url(1));
    expect(parseODataUrl(url(1))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.options)).toBe(true);
    expect(() => {
      (first.options as { top?: number }).top = 5;
    }).toThrow(TypeError);
    expect(parseODataUrl(url(2))).not.toBe(first);
  });

  it('forgets the least recently used URL beyond PARSE_CACHE_SIZE, keeping the ones in use', () => {
    const kept = parseODataUrl(url(-1));
    const dropped = parseODataUrl(url(-2));
    for (let n = 0; n < PARSE_CACHE_SIZE - 1; n++) {
      parseODataUrl(url(1000 + n));
      if (n % 100 === 0) parseODataUrl(url(-1));
    }
    expect(parseODataUrl(url(-1))).toBe(kept);
    const again = parseODataUrl(url(-2));
    expect(again).not.toBe(dropped);
    expect(again).toEqual(dropped);
  });

  it('keeps no URL longer than PARSE_CACHE_MAX_URL', () => {
    const long = `/device?$select=id&$filter=device_name eq '${'x'.repeat(PARSE_CACHE_MAX_URL)}'`;
    const first = parseODataUrl(long);
    expect(parseODataUrl(long)).not.toBe(first);
    expect(parseODataUrl(long)).toEqual(first);
  });

  it('keeps no failure: a URL that does not parse throws every time', () => {
    expect(() => parseODataUrl('/device?$top=x')).toThrow();
    expect(() => parseODataUrl('/device?$top=x')).toThrow();
  });
});
