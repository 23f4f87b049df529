import { readFileSync } from 'node:fs';
import upstream from '@balena/odata-parser';
import { describe, expect, it } from 'vitest';
import { buildParserSource, OUTPUT_PATH, TYPES_PATH, TYPES_SOURCE } from '../../../../scripts/odata-parser.ts';
import * as generated from './odata-parser.generated.js';
import { COMPAT_URLS } from './test-compat-urls.ts';

/**
 * odata-parser.generated.js is @balena/odata-parser's grammar plus matchesPattern (see
 * scripts/odata-parser.ts). Stale file or changed upstream grammar: this fails; rerun
 * `npm run odata:parser` and review the diff.
 */
describe('the generated OData parser', () => {
  it('is exactly what scripts/odata-parser.ts generates from the installed @balena/odata-parser grammar', () => {
    expect(readFileSync(OUTPUT_PATH, 'utf8') === buildParserSource(), 'odata-parser.generated.js is stale: run `npm run odata:parser`').toBe(true);
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(TYPES_SOURCE);
  });

  const options = { startRule: 'Process', rule: 'Process' } as const;
  const both = (url: string) => {
    const run = (parse: typeof upstream.parse) => {
      try {
        return { ok: parse(url, options) };
      } catch (e) {
        return { error: (e as Error).message };
      }
    };
    return { ours: run(generated.parse), theirs: run(upstream.parse) };
  };

  it('parses every URL balena clients send exactly as @balena/odata-parser does', () => {
    const urls = [
      ...COMPAT_URLS.map((u) => u.replace(/^\/v7/, '')),
      "/device?$filter=contains(tolower(device_name),'pump') and not(substringof('x',note)) or startswith(uuid,'ab')",
      "/application?$filter=organization eq 5 and owns__device/any(d:d/is_online eq true)&$expand=owns__device/$count&$orderby=app_name asc",
      "/device?$filter=matchesPatterns eq 1",
      "/device?$filter=matchesPattern eq 'x'",
    ];
    for (const url of urls) {
      const { ours, theirs } = both(url);
      expect(ours, url).toEqual(theirs);
    }
  });

  it('adds matchesPattern with exactly two arguments, which @balena/odata-parser refuses', () => {
    const { ours, theirs } = both("/device?$filter=matchesPattern(device_name,'^a')");
    expect(theirs.error).toBeDefined();
    expect(ours.ok?.tree.options?.$filter).toEqual(['call', { method: 'matchesPattern', args: [{ name: 'device_name' }, { bind: 0 }] }]);
    expect(both("/device?$filter=matchesPattern(device_name)").ours.error).toBeDefined();
    expect(both("/device?$filter=matchesPattern(device_name,'a','b')").ours.error).toBeDefined();
  });
});
