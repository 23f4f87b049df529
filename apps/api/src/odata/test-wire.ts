/**
 * Test support only: turns a readable URL (as compat/balena-api.md prints them) into what
 * arrives on the wire from balena-sdk: literal contents encodeURIComponent-ed by
 * pinejs-client, then spaces → %20 and, in the query only, quotes → %27 (WHATWG URL).
 */
export function wire(readable: string): string {
  const encodeLiterals = (s: string) => s.replace(/'((?:[^']|'')*)'/g, (_m, content: string) => `'${encodeURIComponent(content)}'`);
  const q = readable.indexOf('?');
  const path = encodeLiterals(q === -1 ? readable : readable.slice(0, q)).replace(/ /g, '%20');
  if (q === -1) return path;
  const query = encodeLiterals(readable.slice(q + 1)).replace(/ /g, '%20').replace(/'/g, '%27').replace(/"/g, '%22');
  return `${path}?${query}`;
}
