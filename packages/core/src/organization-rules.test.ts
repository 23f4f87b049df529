import { describe, expect, it } from 'vitest';
import {
  LOGO_FORMAT,
  LOGO_TOO_LARGE,
  ORGANIZATION_LOGO_MAX_BYTES,
  ORGANIZATION_NAME_REQUIRED,
  TEAM_NAME_REQUIRED,
  base64DecodedBytes,
  isSameName,
  validateLogoFile,
  validateLogoImage,
  validateOrganizationName,
  validateTeamName,
} from './organization-rules.ts';

/** A data URL whose payload decodes to exactly `bytes` bytes. */
const dataUrl = (type: string, bytes: number) => `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('organization and team names', () => {
  it('requires a non-blank name', () => {
    expect(validateOrganizationName('Acme')).toBeNull();
    expect(validateOrganizationName('  ')).toBe(ORGANIZATION_NAME_REQUIRED);
    expect(validateOrganizationName(undefined)).toBe(ORGANIZATION_NAME_REQUIRED);
    expect(validateOrganizationName(42)).toBe(ORGANIZATION_NAME_REQUIRED);
    expect(validateTeamName('Ops')).toBeNull();
    expect(validateTeamName('')).toBe(TEAM_NAME_REQUIRED);
  });
  it('compares names trimmed and case-insensitively', () => {
    expect(isSameName(' Acme ', 'ACME')).toBe(true);
    expect(isSameName('Acme', 'Acme 2')).toBe(false);
  });
});

describe('validateLogoImage', () => {
  it('accepts png and jpeg data URLs, and null to clear the logo', () => {
    expect(validateLogoImage(dataUrl('image/png', 10))).toBeNull();
    expect(validateLogoImage(dataUrl('image/jpeg', 11))).toBeNull();
    expect(validateLogoImage(null)).toBeNull();
  });
  it('rejects other image types, plain URLs, non-base64 and malformed payloads', () => {
    expect(validateLogoImage(dataUrl('image/gif', 10))).toBe(LOGO_FORMAT);
    expect(validateLogoImage(dataUrl('image/svg+xml', 10))).toBe(LOGO_FORMAT);
    expect(validateLogoImage('https://example.com/logo.png')).toBe(LOGO_FORMAT);
    expect(validateLogoImage('data:image/png,rawbytes')).toBe(LOGO_FORMAT);
    expect(validateLogoImage('data:image/png;base64,abc')).toBe(LOGO_FORMAT);
    expect(validateLogoImage('data:image/png;base64,')).toBe(LOGO_FORMAT);
    expect(validateLogoImage('data:image/png;base64,ab$d')).toBe(LOGO_FORMAT);
    expect(validateLogoImage(123)).toBe(LOGO_FORMAT);
  });
  it('limits the decoded image to 1,000,000 bytes', () => {
    expect(validateLogoImage(dataUrl('image/png', ORGANIZATION_LOGO_MAX_BYTES))).toBeNull();
    expect(validateLogoImage(dataUrl('image/png', ORGANIZATION_LOGO_MAX_BYTES + 1))).toBe(LOGO_TOO_LARGE);
  });
  it('counts decoded bytes, not characters', () => {
    for (const n of [1, 2, 3, 4, 5, 1000]) expect(base64DecodedBytes(Buffer.alloc(n).toString('base64'))).toBe(n);
  });
});

describe('validateLogoFile', () => {
  it('applies the same type and size rule to a picked file', () => {
    expect(validateLogoFile({ type: 'image/png', size: ORGANIZATION_LOGO_MAX_BYTES })).toBeNull();
    expect(validateLogoFile({ type: 'image/jpeg', size: ORGANIZATION_LOGO_MAX_BYTES + 1 })).toBe(LOGO_TOO_LARGE);
    expect(validateLogoFile({ type: 'image/webp', size: 10 })).toBe(LOGO_FORMAT);
  });
});
