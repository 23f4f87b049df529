/**
 * Docker registry token scopes (distribution spec "Token Scope Documentation"):
 * `<type>[(<class>)]:<name>:<action>[,<action>…]`. The name may itself hold `:` (a host with a
 * port), so the type is the first part and the actions the last.
 */
export interface ScopeRequest {
  type: string;
  name: string;
  actions: string[];
}

export interface GrantedAccess {
  type: string;
  name: string;
  actions: string[];
}

export function parseScope(scope: string): ScopeRequest | null {
  const first = scope.indexOf(':');
  const last = scope.lastIndexOf(':');
  if (first <= 0 || last === first) return null;
  const type = scope.slice(0, first).replace(/\(.*\)$/, '');
  const name = scope.slice(first + 1, last);
  const actions = scope
    .slice(last + 1)
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (name === '') return null;
  return { type, name, actions };
}

/**
 * The `scope` query values as sent: repeated parameters, or several scopes in one value
 * separated by spaces (the OAuth2 form some clients use).
 */
export function parseScopes(values: readonly string[]): ScopeRequest[] {
  return values.flatMap((v) => v.split(' ')).flatMap((s) => {
    const parsed = s === '' ? null : parseScope(s);
    return parsed ? [parsed] : [];
  });
}
