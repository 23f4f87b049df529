/**
 * The engine's own request AST: what `parse.ts` makes of @balena/odata-parser's tree once
 * every bind is resolved to a literal. Compilers only ever see these types.
 */

export interface Duration {
  negative: boolean;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
}

export type Literal =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  /** ISO 8601 string (normalised from the parser's epoch milliseconds). */
  | { kind: 'datetime'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'duration'; value: Duration }
  | { kind: 'null' };

export interface Lambda {
  method: 'any' | 'all';
  identifier: string;
  expression: Expr;
}

/** `a`, `alias/field`, `nav/any(x:…)`, `nav/$count`, `nav/$count($filter=…)`. */
export interface PathNode {
  name: string;
  property?: PathNode;
  lambda?: Lambda;
  count?: boolean;
  countFilter?: Expr;
}

export type ComparisonOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div' | 'mod';

export type Expr =
  | { t: 'lit'; lit: Literal }
  | { t: 'path'; path: PathNode }
  | { t: 'cmp'; op: ComparisonOp; left: Expr; right: Expr }
  | { t: 'arith'; op: ArithmeticOp; left: Expr; right: Expr }
  | { t: 'and' | 'or'; args: Expr[] }
  | { t: 'not'; arg: Expr }
  | { t: 'in'; left: Expr; items: Literal[] }
  | { t: 'call'; method: string; args: Expr[] };

export interface OrderItem {
  path: PathNode;
  dir: 'asc' | 'desc';
}

export interface ExpandItem {
  name: string;
  /** `nav/$count`: the property becomes an integer. */
  count: boolean;
  options: QueryOptions;
}

export interface QueryOptions {
  /** undefined = no $select (all fields); '*' = all fields. */
  select?: '*' | string[];
  filter?: Expr;
  expand?: ExpandItem[];
  orderby?: OrderItem[];
  top?: number;
  skip?: number;
}

export type KeySpec =
  | { kind: 'id'; value: Literal }
  | { kind: 'fields'; values: Record<string, Literal> };

export interface ODataRequest {
  resource: string;
  key?: KeySpec;
  /** `/$count` on the resource. */
  count: boolean;
  options: QueryOptions;
}
