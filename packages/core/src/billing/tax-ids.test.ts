import { describe, expect, it } from 'vitest';
import { TAX_ID_TYPES, TAX_ID_TYPE_NAMES, taxIdToSend, validateTaxId } from './tax-ids.ts';

describe('tax ids (accounts §5 "Company info")', () => {
  it('has the spec examples and their formats', () => {
    expect(validateTaxId('us_ein', '12-3456789')).toBe(true);
    expect(validateTaxId('us_ein', '123456789')).toBe(false);
    expect(validateTaxId('gb_vat', 'GB123456789')).toBe(true);
    expect(validateTaxId('gb_vat', 'GB12345678')).toBe(false);
    expect(validateTaxId('au_abn', '12345678912')).toBe(true);
    expect(validateTaxId('au_abn', '1234567891')).toBe(false);
    expect(validateTaxId('ca_gst_hst', '123456789RT0002')).toBe(true);
    expect(validateTaxId('ca_gst_hst', '123456789RP0002')).toBe(false);
  });
  it('checks eu_vat against its country when given, any member state otherwise', () => {
    expect(validateTaxId('eu_vat', 'DE123456789', 'DE')).toBe(true);
    expect(validateTaxId('eu_vat', 'DE123456789', 'FR')).toBe(false);
    expect(validateTaxId('eu_vat', 'NL123456789B12')).toBe(true);
    expect(validateTaxId('eu_vat', 'XX123')).toBe(false);
  });
  it('refuses unknown types', () => {
    expect(validateTaxId('zz_nothing', '1')).toBe(false);
  });
  it('has at least the dozen common types with unique ids, and every example matches its regex', () => {
    expect(TAX_ID_TYPE_NAMES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(TAX_ID_TYPES.map((x) => x.id)).size).toBe(TAX_ID_TYPES.length);
    for (const entry of TAX_ID_TYPES) expect(entry.regex.test(entry.description), entry.id).toBe(true);
  });
  it('sends null when type or value is missing and eu_vat with its country', () => {
    expect(taxIdToSend('us_ein', '')).toBeNull();
    expect(taxIdToSend(null, '12-3456789')).toBeNull();
    expect(taxIdToSend('us_ein', ' 12-3456789 ')).toEqual({ type: 'us_ein', value: '12-3456789', country: null });
    expect(taxIdToSend('eu_vat:DE', 'DE123456789')).toEqual({ type: 'eu_vat', value: 'DE123456789', country: 'DE' });
  });
});
