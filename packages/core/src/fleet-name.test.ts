import { describe, expect, it } from 'vitest';
import {
  FLEET_NAME_CHARACTERS,
  FLEET_NAME_LENGTH,
  FLEET_NAME_REQUIRED,
  fleetNameTakenMessage,
  fleetSlug,
  isSameFleetName,
  organizationHandleFromName,
  validateFleetName,
} from './fleet-name.ts';

describe('validateFleetName', () => {
  it('requires a name', () => {
    expect(validateFleetName('')).toBe(FLEET_NAME_REQUIRED);
    expect(validateFleetName('   ')).toBe(FLEET_NAME_REQUIRED);
    expect(validateFleetName(undefined)).toBe(FLEET_NAME_REQUIRED);
  });
  it('enforces 4 to 100 characters', () => {
    expect(validateFleetName('abc')).toBe(FLEET_NAME_LENGTH);
    expect(validateFleetName('abcd')).toBeNull();
    expect(validateFleetName('a'.repeat(100))).toBeNull();
    expect(validateFleetName('a'.repeat(101))).toBe(FLEET_NAME_LENGTH);
  });
  it('allows letters, digits, hyphens and underscores starting with an alphanumeric', () => {
    expect(validateFleetName('My_Fleet-01')).toBeNull();
    expect(validateFleetName('1fleet')).toBeNull();
    expect(validateFleetName('-fleet')).toBe(FLEET_NAME_CHARACTERS);
    expect(validateFleetName('_fleet')).toBe(FLEET_NAME_CHARACTERS);
    expect(validateFleetName('my fleet')).toBe(FLEET_NAME_CHARACTERS);
    expect(validateFleetName('fleet/1')).toBe(FLEET_NAME_CHARACTERS);
    expect(validateFleetName('flëet')).toBe(FLEET_NAME_CHARACTERS);
  });
});

describe('fleet name helpers', () => {
  it('builds the duplicate message per type', () => {
    expect(fleetNameTakenMessage('block')).toBe(
      'This name is already used by another block. Note that the name is case-insensitive',
    );
  });
  it('compares names case-insensitively', () => {
    expect(isSameFleetName('MyFleet', 'myfleet')).toBe(true);
    expect(isSameFleetName('MyFleet', 'myfleet2')).toBe(false);
  });
  it('builds slugs with a lower-cased name', () => {
    expect(fleetSlug('acme', 'MyFleet')).toBe('acme/myfleet');
  });
  it('derives organization handles', () => {
    expect(organizationHandleFromName('New Org')).toBe('new_org');
    expect(organizationHandleFromName('Ácme Inc.!')).toBe('acme_inc');
  });
});
