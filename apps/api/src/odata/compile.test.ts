import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { compileGet } from './compile-query.ts';
import { CompileContext } from './context.ts';
import { parseODataUrl } from './parse.ts';
import { fixtureRegistry, userPrincipal } from './test-fixture.ts';
import { wire } from './test-wire.ts';
import { compileOnlyDb } from '../test/compile-only-db.ts';

/** Pure compilation (no database): the SQL text and its parameters. */
const db: Db = compileOnlyDb;
const registry = fixtureRegistry();
function compile(url: string, who: Principal = userPrincipal(1)) {
  return compileGet(new CompileContext(registry, who), parseODataUrl(wire(url))).compile(db);
}

describe('compileGet', () => {
  it('binds every literal as a parameter and never inlines values', () => {
    const evil = "x'); DROP TABLE device; --";
    const c = compile(`/device?$filter=device_name eq '${evil.replace(/'/g, "''")}' and id in (1,2)&$top=3&$skip=4`);
    expect(c.sql).not.toContain('DROP TABLE');
    expect(c.parameters).toEqual(expect.arrayContaining([evil, 1, 2, 3, 4]));
  });

  it('produces one statement with json_agg sub-selects for expansions (no N+1)', () => {
    const c = compile('/application?$select=id&$expand=owns__device($select=id;$expand=device_tag($select=tag_key)),owns__release/$count');
    expect(c.sql.match(/SELECT/g)?.length).toBeGreaterThan(3);
    expect(c.sql.split(';')).toHaveLength(1);
    expect(c.sql).toContain('json_agg');
    expect(c.sql).toContain('count(*)::int');
  });

  it('omits row rules for the system principal and closes resources without a rule', () => {
    expect(compile('/device', { kind: 'system' }).sql).not.toContain('organization_membership');
    expect(compile('/application_environment_variable', { kind: 'anonymous' }).sql).toContain('FALSE');
  });

  it.each([
    ["/device(uuid='aaaa0001')?$select=id,uuid,device_name,overall_status&$expand=device_tag($select=tag_key,value),is_running__release($select=commit)"],
    ['/application?$filter=is_directly_accessible_by__user/any(dau:1 eq 1)&$orderby=app_name asc&$select=id,app_name,slug&$expand=is_for__device_type($select=slug),owns__device($select=is_online)'],
    ["/device?$select=id&$top=10&$skip=20&$filter=(startswith(device_name,'a') or endswith(device_name,'z') or contains(note,'o''x y')) and not(is_online eq true) and id in (1,2,3) and created_at ge datetime'2026-01-01T00:00:00.000Z' and created_at lt (now() sub duration'P1DT2H') and note ne null and device_tag/all(dt:dt/tag_key eq 'k')&$orderby=device_name asc,id desc"],
    ['/application?$select=id&$expand=owns__device/$count($filter=is_online eq true)&$orderby=owns__device/$count desc'],
    ['/device/$count?$filter=belongs_to__application eq 1'],
    // Paged: the page of bare rows first, the projection (computed field, expansions) over it.
    ['/application?$select=id&$orderby=owns__device/$count desc&$top=5&$expand=owns__device($select=id,overall_status;$orderby=device_name desc;$top=2;$skip=1)'],
  ])('compiles %s (snapshot)', (url) => {
    const c = compile(url);
    expect({ sql: c.sql, parameters: c.parameters }).toMatchSnapshot();
  });
});
