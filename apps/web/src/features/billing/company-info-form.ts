import { TAX_ID_TYPES, taxIdToSend, validateTaxId } from '@flotilla/core/billing/tax-ids';
import type { BillingAccountInfo, UpdateBillingAccountBody } from '@flotilla/core/schemas/billing';

/**
 * The Edit company info form (accounts spec §5 "Company info"): its values from the account on
 * file and the request body they make. The tax id rules (the type's regex, both-or-null, eu_vat
 * sent with its country) are @flotilla/core/billing/tax-ids', as the server checks them.
 */
export interface CompanyInfoValues {
  email: string;
  company_name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  /** A TAX_ID_TYPES entry id ('' for none). */
  taxIdEntry: string;
  taxIdValue: string;
}

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zip', 'country', 'phone'] as const;

/** The select's entry for a stored tax id: `eu_vat:<country>` for EU VAT, else the type; '' when it is not one we list. */
export function taxIdEntryOf(taxId: BillingAccountInfo['tax_id']): string {
  if (!taxId) return '';
  const id = taxId.type === 'eu_vat' ? `eu_vat:${(taxId.country ?? '').toUpperCase()}` : taxId.type;
  return TAX_ID_TYPES.some((entry) => entry.id === id) ? id : '';
}

export function companyInfoValues(account: BillingAccountInfo | null, fallbackEmail: string): CompanyInfoValues {
  const address = account?.address;
  return {
    email: account?.email ?? fallbackEmail,
    company_name: account?.company_name ?? '',
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip: address?.zip ?? '',
    country: address?.country ?? '',
    phone: address?.phone ?? '',
    taxIdEntry: taxIdEntryOf(account?.tax_id ?? null),
    taxIdValue: account?.tax_id?.value ?? '',
  };
}

/** Whether the tax id value is acceptable: only a set type and a set value are checked, against that type's regex. */
export function isTaxIdValueValid(entryId: string, value: string): boolean {
  const trimmed = value.trim();
  if (!entryId || trimmed === '') return true;
  const entry = TAX_ID_TYPES.find((candidate) => candidate.id === entryId);
  return entry !== undefined && validateTaxId(entry.type, trimmed, entry.country);
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function companyInfoBody(values: CompanyInfoValues): UpdateBillingAccountBody {
  return {
    email: values.email.trim(),
    company_name: orNull(values.company_name),
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, orNull(values[field])])),
    tax_id: taxIdToSend(values.taxIdEntry, values.taxIdValue),
  };
}
