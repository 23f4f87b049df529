/**
 * Filtering a list by its rows' tags (a device's `device_tag` rows, each `tag_key` and `value`;
 * every balena tag resource has these two fields). The list shows a tag as a chip
 * "tag_key: value", so the text a user types reads the same way:
 *
 * - `lab` — some tag's key or value contains "lab";
 * - `location: lab` — some tag's key contains "location" and its value contains "lab"
 *   (split at the first colon; either side may be left empty: `location:` is "has a tag whose
 *   key contains location", `: lab` "has a tag whose value contains lab").
 *
 * All comparisons ignore case, as text "contains" does. On the server the rule is a lambda
 * over the navigation (`device_tag/any(t:contains(tolower(t/tag_key),'location') and …)`),
 * so it is one EXISTS sub-select in the same statement, and "does not contain" is its `not`.
 */

/** What a tag rule's text asks for: a key part and a value part, or one text for either. */
export type TagQuery = { kind: 'either'; text: string } | { kind: 'pair'; key: string; value: string };

/** The text as a tag query (lowercased, trimmed), or null when it asks for nothing (blank, a lone colon). */
export function parseTagQuery(text: string): TagQuery | null {
  const colon = text.indexOf(':');
  if (colon === -1) {
    const either = text.trim().toLowerCase();
    return either === '' ? null : { kind: 'either', text: either };
  }
  const key = text.slice(0, colon).trim().toLowerCase();
  const value = text.slice(colon + 1).trim().toLowerCase();
  return key === '' && value === '' ? null : { kind: 'pair', key, value };
}

/** A structural pine filter (list-filter.ts `PineFilter`), repeated here to keep this file standalone. */
type Pine = string | number | boolean | null | Date | readonly Pine[] | { readonly [key: string]: Pine };

/** The lambda variable; one rule is one lambda, so a fixed name never shadows another. */
const ALIAS = 'tag';
const contains = (field: 'tag_key' | 'value', text: string): Pine => ({ $contains: [{ $tolower: { $: [ALIAS, field] } }, text] });

/** `nav/any(tag: …)`: some tag of the row satisfies the query. */
export function tagAnyFilter(nav: string, query: TagQuery): Pine {
  let expr: Pine;
  if (query.kind === 'either') expr = { $or: [contains('tag_key', query.text), contains('value', query.text)] };
  else {
    const parts = [...(query.key ? [contains('tag_key', query.key)] : []), ...(query.value ? [contains('value', query.value)] : [])];
    expr = parts.length === 1 ? parts[0]! : { $and: parts };
  }
  return { [nav]: { $any: { $alias: ALIAS, $expr: expr } } };
}

/** Whether loaded tag rows (`[{ tag_key, value }]`) hold a tag the query asks for; anything else holds none. */
export function tagsMatch(rows: unknown, query: TagQuery): boolean {
  if (!Array.isArray(rows)) return false;
  return rows.some((row: unknown) => {
    if (typeof row !== 'object' || row === null) return false;
    const key = Reflect.get(row, 'tag_key');
    const value = Reflect.get(row, 'value');
    const k = typeof key === 'string' ? key.toLowerCase() : '';
    const v = typeof value === 'string' ? value.toLowerCase() : '';
    if (query.kind === 'either') return k.includes(query.text) || v.includes(query.text);
    return k.includes(query.key) && v.includes(query.value);
  });
}
