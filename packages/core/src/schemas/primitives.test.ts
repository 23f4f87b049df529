import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INT32_MAX,
  INT32_MIN,
  clientChosenKey,
  deviceUuid,
  emailAddress,
  idLike,
  idParam,
  int32,
  isStorableText,
  isoDateString,
  objectBody,
  positiveId,
  requiredString,
  safeInteger,
  safeString,
  strictObjectBody,
  toStorableText,
} from './primitives.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones and other control characters', () => {
    expect(isStorableText('plain é 🚀 \t\n\u0001')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD83D')).toBe(false);
    expect(isStorableText('\uDE80x')).toBe(false);
    expect(isStorableText('x\uDE80\uD83D')).toBe(false);
  });

  it('replaces what cannot be stored with U+FFFD and leaves the rest', () => {
    expect(toStorableText('a\u0000b\uD83D c 🚀 \uDE80')).toBe('a\uFFFDb\uFFFD c 🚀 \uFFFD');
    expect(isStorableText(toStorableText('\u0000\uD800\uDFFF\uDC00'))).toBe(true);
  });

  it('safeString bounds the length and says why a value is refused', () => {
    const s = safeString(5);
    expect(s.parse('abcde')).toBe('abcde');
    expect(firstMessage(s, 'abcdef')).toBe('must be at most 5 characters');
    expect(firstMessage(s, 'a\u0000')).toBe('must not contain NUL characters or unpaired surrogates');
    expect(firstMessage(s, 5)).toMatch(/expected string, received number/);
  });

  it('requiredString trims when asked and names the missing field', () => {
    const name = requiredString('Name', 10, { trim: true });
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(firstMessage(name, '   ')).toBe('Name is required');
    expect(firstMessage(name, undefined)).toBe('Name is required');
    expect(firstMessage(requiredString('x', 10, { message: 'custom' }), '')).toBe('custom');
    expect(requiredString('x', 10).parse(' a ')).toBe(' a ');
  });
});

describe('numbers', () => {
  it('int32 holds exactly the int4 range', () => {
    const n = int32();
    expect(n.parse(INT32_MAX)).toBe(INT32_MAX);
    expect(n.parse(INT32_MIN)).toBe(INT32_MIN);
    for (const bad of [INT32_MAX + 1, INT32_MIN - 1, 1.5, Number.NaN, Infinity, 1e300, '1']) {
      expect(n.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(firstMessage(n, 2 ** 40)).toBe(`must be an integer between ${INT32_MIN} and ${INT32_MAX}`);
  });

  it('safeInteger stops at 2^53 - 1', () => {
    expect(safeInteger.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(safeInteger.safeParse(2 ** 53).success).toBe(false);
  });

  it('ids are positive int4, as numbers or decimal strings where clients send strings', () => {
    expect(positiveId.safeParse(0).success).toBe(false);
    expect(idLike.parse(42)).toBe(42);
    expect(idLike.parse('42')).toBe(42);
    for (const bad of ['4x', '', ' 4', '-1', '0x10', '1e3', '99999999999', 2 ** 31, null]) {
      expect(idLike.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(idParam.parse('7')).toBe(7);
    for (const bad of ['0', '2147483648', 'abc', '1.0', '\u00001']) {
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('dates', () => {
  it('accepts ISO 8601 dates and date-times between 1970 and 9999, kept as sent', () => {
    for (const ok of ['2030-10-12', '2030-10-12T08:00:00.000Z', '2030-10-12T08:00Z', '2030-10-12T08:00:00+02:00', '1970-01-01T00:00:00Z', '9999-12-31']) {
      expect(isoDateString.parse(ok)).toBe(ok);
    }
  });

  it('refuses other formats, impossible dates and dates out of range', () => {
    for (const bad of ['tomorrow', '12/10/2030', '2030-13-45', '1969-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', '2030-10-12T08:00:00Z\u0000', 1_900_000_000_000, '']) {
      expect(isoDateString.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(firstMessage(isoDateString, '1900-01-01')).toMatch(/^must be a date between 1970/);
  });
});

describe('identifiers', () => {
  it('device uuids are 32 or 62 lower-case hex characters', () => {
    expect(deviceUuid.safeParse('a'.repeat(32)).success).toBe(true);
    expect(deviceUuid.safeParse('0'.repeat(62)).success).toBe(true);
    for (const bad of ['A'.repeat(32), 'a'.repeat(31), 'a'.repeat(33), `${'a'.repeat(32)}\u0000`, 'g'.repeat(32)]) {
      expect(deviceUuid.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('emails follow the account rules, trimmed', () => {
    expect(emailAddress.parse(' ada@example.com ')).toBe('ada@example.com');
    expect(firstMessage(emailAddress, 'not-an-email')).toBe('Invalid email address');
    expect(firstMessage(emailAddress, 'a\u0000@example.com')).toBe('Invalid email address');
    expect(firstMessage(emailAddress, `${'a'.repeat(250)}@example.com`)).toBe('Invalid email address');
    expect(firstMessage(emailAddress, '')).toBe('Email is required');
  });

  it('client-chosen keys are printable ASCII without spaces, 8 to 256 characters', () => {
    expect(clientChosenKey.safeParse('0123456789abcdef').success).toBe(true);
    for (const bad of ['short', 'with space in it', `${'k'.repeat(8)}\u0000`, 'k'.repeat(257), 'ключ-ключ-ключ']) {
      expect(clientChosenKey.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('object bodies', () => {
  it('read a missing body as {} so the first message names the missing field', () => {
    const body = objectBody({ name: requiredString('name', 10) });
    expect(firstMessage(body, undefined)).toBe('name is required');
    expect(firstMessage(body, null)).toBe('name is required');
    expect(body.safeParse('text').success).toBe(false);
    expect(body.safeParse([]).success).toBe(false);
    expect(body.parse({ name: 'x', extra: 1 })).toEqual({ name: 'x' });
  });

  it('strict bodies refuse unknown fields', () => {
    const body = strictObjectBody({ name: safeString(10).optional() });
    expect(body.safeParse({ name: 'x' }).success).toBe(true);
    expect(body.safeParse({ nmae: 'x' }).success).toBe(false);
  });
});
