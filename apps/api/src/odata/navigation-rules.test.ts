import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { registry } from '../model/registry.ts';
import { compileGet } from './compile-query.ts';
import { CompileContext } from './context.ts';
import { parseODataUrl } from './parse.ts';
import { COMPAT_URLS } from './test-compat-urls.ts';
import { DASHBOARD_URLS } from './test-dashboard-urls.ts';
import { userPrincipal } from './test-fixture.ts';
import { wire } from './test-wire.ts';
import { compileOnlyDb } from '../test/compile-only-db.ts';

/** Compilation against the product's model, no database (navigation-rules.ts). */
const db: Db = compileOnlyDb;
const compile = (url: string) => compileGet(new CompileContext(registry, userPrincipal(1)), parseODataUrl(wire(url))).compile(db);
/** Each URL is refused with 400 `query_too_complex` and a message matching `message`. */
function expectRefused(urls: readonly string[], message: RegExp): void {
  for (const url of urls) {
    const e = refusal(url);
    expect(e.status, url).toBe(400);
    expect(e.code, url).toBe('query_too_complex');
    expect(e.message, url).toMatch(message);
  }
}

const refusal = (url: string): AppError => {
  try {
    compile(url);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error(`expected ${url} to be refused`);
};

describe('navigation rules', () => {
  it('let every recorded balena-sdk/balena-cli URL and every dashboard query compile', () => {
    for (const url of [...COMPAT_URLS.map((u) => u.replace(/^\/v7/, '')), ...DASHBOARD_URLS]) expect(() => compile(url), url).not.toThrow();
  });

  it('refuse a to-many navigation back to a resource already on the path, in $expand, paths, lambdas and counts', () => {
    const urls = [
      // The probe's amplifier: 40 releases gave 40³ rows.
      '/application(12)?$select=id&$expand=owns__release($select=id;$expand=belongs_to__application($select=id;$expand=owns__release($select=id)))',
      '/device?$select=id&$expand=belongs_to__application($select=id;$expand=owns__device($select=id))',
      '/application?$select=id&$filter=owns__device/belongs_to__application/owns__device/any(d:d/is_online eq true)',
      '/application?$select=id&$filter=owns__device/any(d:d/belongs_to__application/owns__device/any(e:e/is_online eq true))',
      '/device?$select=id&$filter=belongs_to__application/owns__device/$count gt 1',
      '/device?$select=id&$expand=belongs_to__application($select=id;$expand=owns__device/$count)',
    ];
    expectRefused(urls, /leads back to/);
  });

  it("keep one return capped by a small $top in an expansion (balena-sdk team.rename), not two, not a larger one", () => {
    const sdkRename = "/team(5)?$select=id&$expand=belongs_to__organization($select=id;$expand=owns__team($top=1;$select=name;$filter=name eq 'Ops'))";
    expect(() => compile(sdkRename)).not.toThrow();
    const twice = '/team(5)?$select=id&$expand=belongs_to__organization($select=id;$expand=owns__team($top=1;$select=id;$expand=belongs_to__organization($select=id;$expand=owns__team($top=1;$select=id))))';
    expect(refusal(twice).message).toMatch(/leads back to/);
    expect(refusal('/team(5)?$select=id&$expand=belongs_to__organization($select=id;$expand=owns__team($top=101;$select=id))').message).toMatch(/leads back to/);
  });

  it("let a $filter return to a catalog resource once (balena preload's fleet choice), not in an $expand, not twice", () => {
    const preload = "/application?$select=id&$filter=is_for__device_type/any(dt:dt/is_of__cpu_architecture/any(ioca:ioca/is_supported_by__device_type/any(isbdt:isbdt/slug eq 'raspberrypi4-64')))";
    expect(() => compile(preload)).not.toThrow();
    // The same return as a path, and in a count: tests, no rows.
    expect(() => compile("/device_type?$select=id&$filter=is_of__cpu_architecture/is_supported_by__device_type/any(o:o/slug eq 'x')")).not.toThrow();
    expect(() => compile('/device_type?$select=id&$filter=is_of__cpu_architecture/is_supported_by__device_type/$count gt 1')).not.toThrow();
    // An expansion makes rows: a return there still needs its own small $top.
    expect(refusal('/application?$select=id&$expand=is_for__device_type($select=id;$expand=is_of__cpu_architecture($select=id;$expand=is_supported_by__device_type($select=slug)))').message).toMatch(/leads back to/);
    // Twice on one path: the catalog's rows squared per row.
    const twice = "/device_type?$select=id&$filter=is_of__cpu_architecture/any(a:a/is_supported_by__device_type/any(b:b/is_of__cpu_architecture/any(c:c/is_supported_by__device_type/any(e:e/slug eq 'x'))))";
    expect(refusal(twice).message).toMatch(/leads back to/);
    // Not a catalog resource: a tenant's rows.
    expect(refusal('/application?$select=id&$filter=owns__device/any(d:d/belongs_to__application/owns__device/any(e:e/is_online eq true))').message).toMatch(/leads back to/);
  });

  it('keep a to-one step back, which adds no rows', () => {
    expect(() => compile('/application?$select=id&$expand=owns__device($select=id;$expand=belongs_to__application($select=app_name))')).not.toThrow();
    expect(() => compile("/application?$select=id&$filter=owns__device/any(d:d/belongs_to__application/app_name eq 'x')")).not.toThrow();
  });

  it('refuse a navigation inside a lambda that does not start from its variable', () => {
    const urls = [
      // The probe's cross product: five lambdas over the same collection, 10⁵ combinations.
      '/application(13)?$select=id&$filter=owns__release/any(a:owns__release/any(b:b/commit eq a/commit))',
      '/application?$select=id&$filter=owns__device/any(d:owns__release/$count gt 1)',
      "/application?$select=id&$filter=owns__device/any(d:organization/name eq 'x')",
      '/application?$select=id&$filter=owns__device/any(d:d/device_tag/any(t:d/image_install/any(i:i/id gt 0)))',
    ];
    expectRefused(urls, /Inside the lambda/);
  });

  it('keep outer fields readable inside a lambda, and nested lambdas from their variable', () => {
    expect(() => compile("/application?$select=id&$filter=owns__device/any(d:d/device_name eq app_name)")).not.toThrow();
    expect(() => compile("/application?$select=id&$filter=owns__device/any(d:d/device_tag/any(t:t/value eq d/device_name))")).not.toThrow();
  });
});
