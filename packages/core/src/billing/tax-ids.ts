/**
 * Tax id types for company info (accounts spec §3 "Tax id types", §5 "Company info"). The spec
 * lists about 130 processor types; these are the common ones (the EU VAT formats per member state,
 * sent as `eu_vat` with a country). A value is checked only when both type and value are set.
 */

export interface TaxIdType {
  /** Unique key of the entry (for a select): the type, or `eu_vat:<country>`. */
  id: string;
  /** The type sent to the API. */
  type: string;
  label: string;
  /** An example value (shown as help text). */
  description: string;
  regex: RegExp;
  /** ISO 3166-1 alpha-2 country. */
  country: string;
}

const t = (type: string, country: string, label: string, description: string, regex: RegExp): TaxIdType => ({ id: type, type, label, description, regex, country });
const eu = (country: string, name: string, description: string, regex: RegExp): TaxIdType => ({
  id: `eu_vat:${country}`,
  type: 'eu_vat',
  label: `${name} VAT number`,
  description,
  regex,
  country,
});

export const TAX_ID_TYPES: readonly TaxIdType[] = [
  t('us_ein', 'US', 'United States EIN', '12-3456789', /^\d{2}-\d{7}$/),
  t('gb_vat', 'GB', 'United Kingdom VAT number', 'GB123456789', /^GB\d{9}$/),
  t('au_abn', 'AU', 'Australian Business Number (ABN)', '12345678912', /^\d{11}$/),
  t('au_arn', 'AU', 'Australian Taxation Office Reference Number', '123456789123', /^\d{12}$/),
  t('ca_gst_hst', 'CA', 'Canadian GST/HST number', '123456789RT0002', /^\d{9}RT\d{4}$/),
  t('ca_bn', 'CA', 'Canadian Business Number (BN)', '123456789', /^\d{9}$/),
  t('ca_qst', 'CA', 'Canadian QST number (Québec)', '1234567890TQ1234', /^\d{10}TQ\d{4}$/),
  t('ch_vat', 'CH', 'Switzerland VAT number', 'CHE-123.456.789 MWST', /^CHE-\d{3}\.\d{3}\.\d{3} (MWST|TVA|IVA)$/),
  t('no_vat', 'NO', 'Norwegian VAT number', '123456789MVA', /^\d{9}MVA$/),
  t('is_vat', 'IS', 'Icelandic VAT', '123456', /^\d{6}$/),
  t('nz_gst', 'NZ', 'New Zealand GST number', '123456789', /^\d{8,9}$/),
  t('in_gst', 'IN', 'Indian GST number', '12ABCDE3456FGZH', /^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/),
  t('jp_cn', 'JP', 'Japanese Corporate Number (Hōjin Bangō)', '1234567891234', /^\d{13}$/),
  t('sg_gst', 'SG', 'Singaporean GST', 'M12345678X', /^M\d{8}[A-Z]$/),
  t('sg_uen', 'SG', 'Singaporean UEN', '123456789F', /^\d{8,9}[A-Z]$/),
  t('hk_br', 'HK', 'Hong Kong BR number', '12345678', /^\d{8}$/),
  t('kr_brn', 'KR', 'Korean BRN', '123-45-67890', /^\d{3}-\d{2}-\d{5}$/),
  t('tw_vat', 'TW', 'Taiwanese VAT', '12345678', /^\d{8}$/),
  t('za_vat', 'ZA', 'South African VAT number', '4123456789', /^4\d{9}$/),
  t('br_cnpj', 'BR', 'Brazilian CNPJ number', '01.234.456/5432-10', /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/),
  t('br_cpf', 'BR', 'Brazilian CPF number', '123.456.789-87', /^\d{3}\.\d{3}\.\d{3}-\d{2}$/),
  t('mx_rfc', 'MX', 'Mexican RFC number', 'ABC010203AB9', /^[A-Z&Ñ]{3,4}\d{6}[A-Z0-9]{3}$/),
  t('cl_tin', 'CL', 'Chilean TIN', '12.345.678-K', /^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/),
  t('il_vat', 'IL', 'Israel VAT', '000012345', /^\d{9}$/),
  t('ae_trn', 'AE', 'United Arab Emirates TRN', '123456789012345', /^\d{15}$/),
  t('sa_vat', 'SA', 'Saudi Arabia VAT', '123456789012345', /^\d{15}$/),
  t('tr_tin', 'TR', 'Turkish TIN Number', '0123456789', /^\d{10}$/),
  eu('AT', 'Austria', 'ATU12345678', /^ATU\d{8}$/),
  eu('BE', 'Belgium', 'BE0123456789', /^BE[01]\d{9}$/),
  eu('BG', 'Bulgaria', 'BG0123456789', /^BG\d{9,10}$/),
  eu('HR', 'Croatia', 'HR12345678912', /^HR\d{11}$/),
  eu('CY', 'Cyprus', 'CY12345678Z', /^CY\d{8}[A-Z]$/),
  eu('CZ', 'Czech Republic', 'CZ1234567890', /^CZ\d{8,10}$/),
  eu('DK', 'Denmark', 'DK12345678', /^DK\d{8}$/),
  eu('EE', 'Estonia', 'EE123456789', /^EE\d{9}$/),
  eu('FI', 'Finland', 'FI12345678', /^FI\d{8}$/),
  eu('FR', 'France', 'FRAB123456789', /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/),
  eu('DE', 'Germany', 'DE123456789', /^DE\d{9}$/),
  eu('GR', 'Greece', 'EL123456789', /^EL\d{9}$/),
  eu('HU', 'Hungary', 'HU12345678', /^HU\d{8}$/),
  eu('IE', 'Ireland', 'IE1234567AB', /^IE\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/),
  eu('IT', 'Italy', 'IT12345678912', /^IT\d{11}$/),
  eu('LV', 'Latvia', 'LV12345678912', /^LV\d{11}$/),
  eu('LT', 'Lithuania', 'LT123456789123', /^LT(\d{9}|\d{12})$/),
  eu('LU', 'Luxembourg', 'LU12345678', /^LU\d{8}$/),
  eu('MT', 'Malta', 'MT12345678', /^MT\d{8}$/),
  eu('NL', 'Netherlands', 'NL123456789B12', /^NL\d{9}B\d{2}$/),
  eu('PL', 'Poland', 'PL1234567890', /^PL\d{10}$/),
  eu('PT', 'Portugal', 'PT123456789', /^PT\d{9}$/),
  eu('RO', 'Romania', 'RO1234567891', /^RO\d{2,10}$/),
  eu('SK', 'Slovakia', 'SK1234567891', /^SK\d{10}$/),
  eu('SI', 'Slovenia', 'SI12345678', /^SI\d{8}$/),
  eu('ES', 'Spain', 'ESA1234567Z', /^ES[0-9A-Z]\d{7}[0-9A-Z]$/),
  eu('SE', 'Sweden', 'SE123456789123', /^SE\d{12}$/),
  eu('XI', 'Northern Ireland', 'XI123456789', /^XI\d{9}$/),
];

/** The distinct types the API accepts. */
export const TAX_ID_TYPE_NAMES: readonly string[] = [...new Set(TAX_ID_TYPES.map((x) => x.type))];

export function isTaxIdType(type: string): boolean {
  return TAX_ID_TYPE_NAMES.includes(type);
}

/** The entries of a type (one, or one per country for eu_vat), narrowed to `country` when given. */
export function taxIdEntries(type: string, country?: string | null): TaxIdType[] {
  return TAX_ID_TYPES.filter((x) => x.type === type && (country == null || country === '' || x.country === country.toUpperCase()));
}

/** Whether `value` matches the regex of `type` (and, for eu_vat, of `country` when given). Unknown types fail. */
export function validateTaxId(type: string, value: string, country?: string | null): boolean {
  return taxIdEntries(type, country).some((x) => x.regex.test(value));
}

/**
 * The tax id the company-info form sends (accounts §5): null when type or value is missing;
 * eu_vat entries are sent as `eu_vat` with their country.
 */
export function taxIdToSend(entryId: string | null | undefined, value: string | null | undefined): { type: string; value: string; country: string | null } | null {
  const trimmed = value?.trim() ?? '';
  if (!entryId || trimmed === '') return null;
  const entry = TAX_ID_TYPES.find((x) => x.id === entryId);
  if (!entry) return null;
  return { type: entry.type, value: trimmed, country: entry.type === 'eu_vat' ? entry.country : null };
}
