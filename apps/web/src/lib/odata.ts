import { z } from 'zod';
import type { Params } from 'pinejs-client-core';
import { pine } from './pine.ts';

/**
 * Typed OData reads: pinejs-client-core builds the request, a zod schema from
 * `@flotilla/core/schemas/odata/*` checks the answer. The web code never asserts a response's
 * type with `as`: a server that answers another shape fails here, loudly, instead of
 * rendering `undefined` somewhere far away.
 */

/** The server answered a shape the dashboard does not understand (a bug, not a user error). */
export class ResponseShapeError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(resource: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    super(`Unexpected answer from the server for ${resource}${first ? ` (${first.path.join('.')}: ${first.message})` : ''}`);
    this.name = 'ResponseShapeError';
    this.issues = issues;
  }
}

export type ReadParams = Omit<Params, 'method' | 'body' | 'id'> & { resource: string };

function parse<S extends z.ZodType>(schema: S, resource: string, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ResponseShapeError(resource, result.error.issues);
  return result.data;
}

/** `GET /v7/<resource>?…`: every row checked against `row`. */
export async function odataList<S extends z.ZodType>(row: S, params: ReadParams): Promise<z.output<S>[]> {
  return parse(z.array(row), params.resource, await pine.get(params));
}

/** `GET /v7/<resource>(<id>)?…`: the row, or null when it does not exist or is not visible. */
export async function odataOne<S extends z.ZodType>(row: S, params: ReadParams & { id: NonNullable<Params['id']> }): Promise<z.output<S> | null> {
  const value: unknown = await pine.get(params);
  return value === undefined ? null : parse(row, params.resource, value);
}

/** `GET /v7/<resource>/$count?$filter=…`: how many rows the caller may see. */
export async function odataCount(resource: string, filter?: NonNullable<Params['options']>['$filter']): Promise<number> {
  const options = { $count: filter === undefined ? {} : { $filter: filter } };
  return parse(z.number().int().nonnegative(), resource, await pine.get({ resource, options }));
}

type ODataFilter = NonNullable<Params['options']>['$filter'];

/** One page of a list, the number of rows its filter matches, and whether its scope has none at all. */
export interface ODataPage<T> {
  rows: T[];
  total: number;
  /** True when the scope alone (e.g. the fleet) is empty: "empty" rather than "no match". */
  isScopeEmpty: boolean;
  /**
   * The `$skip` the page was read at. Row numbers (aria-rowindex) come from it, not from the URL:
   * while the next page loads the previous one stays on screen and keeps its own numbers.
   */
  offset?: number;
}

/**
 * A page (`$top`/`$skip` in `params`) and `/$count` with the same `$filter`, in parallel. Only
 * when nothing matches is the bare `scope` counted too, so the screen can tell an empty fleet
 * from a filter that matches nothing.
 */
export async function odataPage<S extends z.ZodType>(row: S, params: ReadParams, scope: ODataFilter): Promise<ODataPage<z.output<S>>> {
  const filter = params.options?.$filter;
  const [rows, total] = await Promise.all([odataList(row, params), odataCount(params.resource, filter)]);
  const isScopeEmpty = total === 0 && (filter === scope || (await odataCount(params.resource, scope)) === 0);
  return { rows, total, isScopeEmpty, offset: params.options?.$skip ?? 0 };
}
