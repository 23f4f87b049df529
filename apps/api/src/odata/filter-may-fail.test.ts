import { describe, expect, it } from 'vitest';
import { mayFailOnData } from './filter-may-fail.ts';
import { parseODataUrl } from './parse.ts';

const filterOf = (filter: string) => {
  const e = parseODataUrl(`/device?$filter=${encodeURIComponent(filter)}`).options.filter;
  if (!e) throw new Error('no filter');
  return e;
};

describe('mayFailOnData', () => {
  it.each([
    ['1 div (id sub 7) eq 0', true],
    ["substring(device_name, 0, id) eq 'x'", true],
    ["device_tag/any(t:1 div length(t/value) eq 1)", true],
    ["device_tag/$count($filter=matchesPattern(value, 'a+')) gt 0", true],
    ["created_at lt (now() sub duration'P1D')", false],
    ["startswith(device_name, 'a') and id in (1, 2)", false],
    ["device_tag/any(t:t/tag_key eq 'k')", false],
  ])('%s → %s', (filter, expected) => {
    expect(mayFailOnData(filterOf(filter))).toBe(expected);
  });
});
