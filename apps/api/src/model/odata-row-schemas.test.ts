import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registry } from './registry.ts';

/**
 * The dashboard parses OData answers with the row schemas of packages/core/src/schemas/odata.
 * Each of their keys must be something the API can serve for that resource — a field or a
 * navigation — so renaming a field in the model fails here, not in a browser.
 */
const dir = new URL('../../../../packages/core/src/schemas/odata/', import.meta.url);
const rowModules: [string, { resource?: unknown; row?: unknown }][] = await Promise.all(
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'common.ts')
    .map(async (name): Promise<[string, { resource?: unknown; row?: unknown }]> => [name, await import(new URL(name, dir).href)]),
);

describe('OData row schemas of packages/core', () => {
  it('exist', () => {
    expect(rowModules.length).toBeGreaterThan(0);
  });

  for (const [path, mod] of rowModules) {
    it(`${path} names a resource and only keys it serves`, () => {
      expect(typeof mod.resource, 'exports `resource`').toBe('string');
      expect(mod.row, 'exports `row` as a z.object').toBeInstanceOf(z.ZodObject);
      const def = registry.get(String(mod.resource));
      expect(def, `resource ${String(mod.resource)} is in the model`).toBeDefined();
      const served = new Set([...(def?.fields ?? []).map((f) => f.name), ...(def?.navs ?? []).flatMap((n) => [n.name, ...(n.aliases ?? [])])]);
      const keys = Object.keys((mod.row as z.ZodObject).shape);
      expect(keys.filter((k) => !served.has(k))).toEqual([]);
    });
  }
});
