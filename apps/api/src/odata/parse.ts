import odataParser from '@balena/odata-parser';
import { badRequest } from '../lib/errors.ts';
import type { Duration, Expr, ExpandItem, KeySpec, Literal, ODataRequest, OrderItem, PathNode, QueryOptions } from './ast.ts';
import { checkRequestLimits, checkUrlLength } from './limits.ts';

/**
 * Raw URL (path + query after the `/v7` prefix, still percent-encoded) → `ODataRequest`.
 *
 * Decoding follows compat/balena-api.md §2.4: the query is split on `&` BEFORE decoding,
 * each part at its first `=`, and the value is percent-decoded exactly once (no `+` as
 * space). @balena/odata-parser percent-decodes string literals itself, so after our one
 * decode every `%` is re-escaped as `%25`: the parser's decode then gives back our text.
 * Each option is parsed on its own (a decoded `&` inside a literal cannot split it), and
 * every parser bind is resolved into a literal so the compilers never see bind indexes.
 * The cost limits (limits.ts) are checked here, before anything is compiled: the URL's length
 * before parsing, the request's depth and size right after.
 */

type Bind = [string, unknown];
type Binds = Bind[] & Record<string, Bind>;

const KNOWN_OPTIONS = new Set(['$select', '$filter', '$expand', '$orderby', '$top', '$skip', '$format', '$count', '$inlinecount']);

function decodeOnce(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest(`Malformed percent-encoding in ${what}`);
  }
}

/** After our single decode, make the parser's own decodeURIComponent an identity. */
const escapeForParser = (text: string) => text.replace(/%/g, '%25');

function runParser(text: string, rule: 'Process' | 'QueryOptions', what: string): { tree: unknown; binds: Binds } {
  try {
    const opts = rule === 'Process' ? ({ startRule: 'Process' } as const) : ({ startRule: 'ProcessRule', rule } as const);
    return odataParser.parse(text, opts) as { tree: unknown; binds: Binds };
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw badRequest(`Could not parse ${what}: ${msg}`);
  }
}

export function parseODataUrl(rawUrl: string): ODataRequest {
  checkUrlLength(rawUrl);
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const rawQuery = q === -1 ? '' : rawUrl.slice(q + 1);

  const path = decodeOnce(rawPath, 'the resource path');
  if (!path.startsWith('/') || path.length < 2) throw badRequest('Missing resource name');
  if (path.includes('?')) throw badRequest('Unexpected "?" in the resource path');
  const parsedPath = runParser(escapeForParser(path), 'Process', 'the resource path');
  const tree = parsedPath.tree as { resource?: unknown; key?: unknown; count?: boolean; property?: unknown; link?: unknown };
  if (typeof tree.resource !== 'string' || tree.resource.startsWith('$')) throw badRequest('Missing resource name');
  if (tree.property !== undefined || tree.link !== undefined) {
    throw badRequest(`Navigation or action paths under "${tree.resource}" are not supported`);
  }

  // Parameter aliases (`@name=…`) first, so that options can refer to them in any order.
  const parts = rawQuery === '' ? [] : rawQuery.split('&').filter((p) => p !== '');
  const aliases: Record<string, Bind> = {};
  const optionTexts: [string, string][] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    const name = decodeOnce(eq === -1 ? part : part.slice(0, eq), 'a query option name');
    const value = eq === -1 ? '' : part.slice(eq + 1);
    if (name.startsWith('@')) {
      const r = runParser(`${escapeForParser(name)}=${escapeForParser(decodeOnce(value, name))}`, 'QueryOptions', name);
      for (const k of Object.keys(r.binds)) if (k.startsWith('@')) aliases[k] = r.binds[k] as Bind;
      continue;
    }
    if (!name.startsWith('$')) continue; // apikey=… and other non-OData parameters
    if (!KNOWN_OPTIONS.has(name)) throw badRequest(`Unknown query option ${name}`);
    if (seen.has(name)) throw badRequest(`Duplicate query option ${name}`);
    seen.add(name);
    optionTexts.push([name, decodeOnce(value, name)]);
  }

  const options: QueryOptions = {};
  for (const [name, value] of optionTexts) {
    if (name === '$format' || name === '$inlinecount' || name === '$count') continue;
    if (value === '') throw badRequest(`Empty value for ${name}`);
    const r = runParser(`${escapeForParser(name)}=${escapeForParser(value)}`, 'QueryOptions', name);
    const ctx = new BindContext(r.binds, aliases);
    const opts = r.tree as Record<string, unknown>;
    Object.assign(options, convertOptions(opts, ctx));
  }

  const request: ODataRequest = { resource: tree.resource, count: tree.count === true, options };
  if (tree.key !== undefined) request.key = convertKey(tree.key, new BindContext(parsedPath.binds, aliases));
  checkRequestLimits(request);
  return request;
}

class BindContext {
  constructor(
    private readonly binds: Binds,
    private readonly aliases: Record<string, Bind>,
  ) {}

  literal(ref: unknown): Literal {
    if (ref === null) return { kind: 'null' };
    const key = (ref as { bind?: unknown }).bind;
    const bind = typeof key === 'string' ? this.aliases[key] : typeof key === 'number' ? this.binds[key] : undefined;
    if (!bind) throw badRequest(`Unknown parameter ${String(key)}`);
    return bindToLiteral(bind);
  }

  list(ref: unknown): Literal[] {
    const key = (ref as { bind?: unknown }).bind;
    const bind = typeof key === 'number' ? this.binds[key] : undefined;
    if (!bind || bind[0] !== 'List') throw badRequest('Expected a list after "in"');
    return (bind[1] as Bind[]).map((b) => (b[0] === 'Null' ? { kind: 'null' } : bindToLiteral(b)));
  }
}

function bindToLiteral([type, value]: Bind): Literal {
  switch (type) {
    case 'Text':
      return { kind: 'text', value: String(value) };
    case 'Real':
    case 'Integer':
      return { kind: 'number', value: Number(value) };
    case 'Boolean':
      return { kind: 'boolean', value: value === true };
    case 'Date Time':
    case 'Date': {
      const d = new Date(value as number);
      if (Number.isNaN(d.getTime())) throw badRequest('Invalid date literal');
      return type === 'Date' ? { kind: 'date', value: d.toISOString().slice(0, 10) } : { kind: 'datetime', value: d.toISOString() };
    }
    default:
      throw badRequest(`Unsupported literal type ${type}`);
  }
}

function convertKey(key: unknown, ctx: BindContext): KeySpec {
  if (key && typeof key === 'object' && 'bind' in key) return { kind: 'id', value: ctx.literal(key) };
  const values: Record<string, Literal> = {};
  for (const [name, ref] of Object.entries(key as Record<string, unknown>)) values[name] = ctx.literal(ref);
  return { kind: 'fields', values };
}

function convertOptions(opts: Record<string, unknown>, ctx: BindContext): QueryOptions {
  const out: QueryOptions = {};
  for (const [name, value] of Object.entries(opts)) {
    switch (name) {
      case '$select':
        out.select = value === '*' ? '*' : (value as { properties: PathNodeRaw[] }).properties.map(selectName);
        break;
      case '$filter':
        out.filter = convertExpr(value, ctx);
        break;
      case '$expand':
        out.expand = (value as { properties: ExpandRaw[] }).properties.map((p) => convertExpand(p, ctx));
        break;
      case '$orderby':
        out.orderby = (value as { properties: (PathNodeRaw & { order: 'asc' | 'desc' })[] }).properties.map(
          (p): OrderItem => ({ path: convertPath(p, ctx), dir: p.order }),
        );
        break;
      case '$top':
      case '$skip': {
        const lit = ctx.literal(value);
        if (lit.kind !== 'number' || !Number.isSafeInteger(lit.value) || lit.value < 0) throw badRequest(`${name} must be a non-negative integer`);
        if (name === '$top') out.top = lit.value;
        else out.skip = lit.value;
        break;
      }
      case '$format':
      case '$count':
      case '$inlinecount':
        break;
      default:
        if (name.startsWith('$')) throw badRequest(`Unsupported query option ${name}`);
    }
  }
  return out;
}

interface PathNodeRaw {
  name: string;
  property?: PathNodeRaw;
  key?: unknown;
  count?: boolean;
  options?: Record<string, unknown>;
  lambda?: { method: 'any' | 'all'; identifier: string; expression: unknown };
}
interface ExpandRaw {
  name: string;
  property?: unknown;
  count?: boolean;
  options?: Record<string, unknown>;
}

function selectName(p: PathNodeRaw): string {
  if (p.property || p.key || p.count) throw badRequest(`$select accepts plain field names only (got "${p.name}/…")`);
  return p.name;
}

function convertExpand(p: ExpandRaw, ctx: BindContext): ExpandItem {
  if (p.property) throw badRequest(`$expand paths like "${p.name}/…" are not supported; nest $expand instead`);
  const options = p.options ? convertOptions(p.options, ctx) : {};
  if (p.count && (options.select || options.expand || options.orderby || options.top !== undefined || options.skip !== undefined)) {
    throw badRequest(`${p.name}/$count accepts only $filter`);
  }
  return { name: p.name, count: p.count === true, options };
}

function convertPath(p: PathNodeRaw, ctx: BindContext): PathNode {
  if (p.key !== undefined) throw badRequest(`Keys inside paths ("${p.name}(…)") are not supported`);
  const node: PathNode = { name: p.name };
  if (p.property) node.property = convertPath(p.property, ctx);
  if (p.lambda) node.lambda = { method: p.lambda.method, identifier: p.lambda.identifier, expression: convertExpr(p.lambda.expression, ctx) };
  if (p.count) {
    node.count = true;
    if (p.options?.$filter !== undefined) node.countFilter = convertExpr(p.options.$filter, ctx);
  }
  return node;
}

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const ARITHMETIC = new Set(['add', 'sub', 'mul', 'div', 'mod']);

function convertExpr(raw: unknown, ctx: BindContext): Expr {
  if (raw === null) return { t: 'lit', lit: { kind: 'null' } };
  if (Array.isArray(raw)) {
    const [op, ...args] = raw as [string, ...unknown[]];
    if (op === 'and' || op === 'or') return { t: op, args: args.map((a) => convertExpr(a, ctx)) };
    if (op === 'not') return { t: 'not', arg: convertExpr(args[0], ctx) };
    if (op === 'eqany') return { t: 'in', left: convertExpr(args[0], ctx), items: ctx.list(args[1]) };
    if (op === 'call') {
      const { method, args: callArgs } = args[0] as { method: string; args: unknown[] };
      return { t: 'call', method, args: callArgs.map((a) => convertExpr(a, ctx)) };
    }
    if (COMPARISONS.has(op) || ARITHMETIC.has(op)) {
      // The parser folds chains of one operator into one array: `a add b add c`.
      let acc = convertExpr(args[0], ctx);
      for (const next of args.slice(1)) {
        const right = convertExpr(next, ctx);
        acc = COMPARISONS.has(op)
          ? { t: 'cmp', op: op as Extract<Expr, { t: 'cmp' }>['op'], left: acc, right }
          : { t: 'arith', op: op as Extract<Expr, { t: 'arith' }>['op'], left: acc, right };
      }
      return acc;
    }
    throw badRequest(`Unsupported operator ${String(op)}`);
  }
  if (typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    if ('bind' in o) return { t: 'lit', lit: ctx.literal(o) };
    if (typeof o.name === 'string') return { t: 'path', path: convertPath(o as unknown as PathNodeRaw, ctx) };
    if ('negative' in o) return { t: 'lit', lit: { kind: 'duration', value: o as unknown as Duration } };
  }
  throw badRequest('Unsupported expression in $filter');
}
