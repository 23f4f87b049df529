import { badRequest } from './errors.ts';

/**
 * How deep arrays and objects may nest in JSON the API takes in: request bodies (every route,
 * plugins/json-body.ts and the OData routes' own parser) and the answers devices send over their
 * link (device-link/link-connection.ts). JSON.parse reads any depth, but what handles the value
 * next recurses: JSON.stringify of a 5,000-deep array overflows the stack (a JSON field of an
 * OData write, a `/supervisor` call's `data`, a device's answer passed on), which was a 500, and
 * in a scale-out process an unhandled rejection. Real documents stay far below: a supervisor's
 * state report is 8 levels, a docker-compose composition or a contract under 10.
 */
export const MAX_JSON_NESTING = 64;

export const JSON_TOO_DEEP_MESSAGE = `The JSON body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep`;

/** Whether JSON text opens more than `max` arrays/objects inside one another (one pass, no parse). */
export function jsonTextNestsDeeperThan(text: string, max: number = MAX_JSON_NESTING): boolean {
  // Each level takes at least two characters: shorter text cannot be too deep.
  if (text.length <= 2 * max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a parsed JSON value nests arrays/objects more than `max` levels (iterative: any depth is safe). */
export function jsonValueNestsDeeperThan(value: unknown, max: number = MAX_JSON_NESTING): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The 400 for a body nested too deep. */
export function jsonTooDeep() {
  return badRequest(JSON_TOO_DEEP_MESSAGE, 'json_too_deep');
}
