import { describe, expect, it } from 'vitest';
import { companyInfoBody, companyInfoValues, isTaxIdValueValid, taxIdEntryOf } from './company-info-form.ts';

const blank = companyInfoValues(null, 'me@example.com');

describe('Edit company info form (accounts spec §5 "Company info")', () => {
  it('starts from the account on file, or from the user email when there is none', () => {
    expect(blank.email).toBe('me@example.com');
    const values = companyInfoValues(
      {
        account_state: 'active',
        email: 'billing@acme.test',
        company_name: 'Acme',
        address: { address1: '1 Main St', address2: null, city: 'Springfield', state: null, zip: '12345', country: 'US', phone: null },
        tax_id: { type: 'eu_vat', value: 'DE123456789', country: 'de' },
      },
      'me@example.com',
    );
    expect(values).toMatchObject({ email: 'billing@acme.test', company_name: 'Acme', address1: '1 Main St', address2: '', taxIdEntry: 'eu_vat:DE', taxIdValue: 'DE123456789' });
  });

  it("checks a tax id against its type's regex only when both type and value are set", () => {
    expect(isTaxIdValueValid('us_ein', '12-3456789')).toBe(true);
    expect(isTaxIdValueValid('us_ein', '123456789')).toBe(false);
    expect(isTaxIdValueValid('gb_vat', 'GB123456789')).toBe(true);
    expect(isTaxIdValueValid('au_abn', '1234567891')).toBe(false);
    expect(isTaxIdValueValid('ca_gst_hst', '123456789RT0002')).toBe(true);
    expect(isTaxIdValueValid('', 'anything')).toBe(true);
    expect(isTaxIdValueValid('us_ein', '  ')).toBe(true);
  });

  it('sends the tax id as null unless both are set, and EU VAT as eu_vat with its country', () => {
    expect(companyInfoBody({ ...blank, taxIdEntry: 'us_ein', taxIdValue: '' }).tax_id).toBeNull();
    expect(companyInfoBody({ ...blank, taxIdEntry: '', taxIdValue: '12-3456789' }).tax_id).toBeNull();
    expect(companyInfoBody({ ...blank, taxIdEntry: 'us_ein', taxIdValue: ' 12-3456789 ' }).tax_id).toEqual({ type: 'us_ein', value: '12-3456789', country: null });
    expect(companyInfoBody({ ...blank, taxIdEntry: 'eu_vat:DE', taxIdValue: 'DE123456789' }).tax_id).toEqual({ type: 'eu_vat', value: 'DE123456789', country: 'DE' });
  });

  it('sends empty fields as null and the email trimmed', () => {
    const body = companyInfoBody({ ...blank, email: ' a@b.test ', company_name: '  ', city: 'Paris' });
    expect(body.email).toBe('a@b.test');
    expect(body.company_name).toBeNull();
    expect(body.address).toMatchObject({ city: 'Paris', address1: null, phone: null });
  });

  it('leaves a stored type it does not list unselected', () => {
    expect(taxIdEntryOf({ type: 'xx_unknown', value: '1', country: null })).toBe('');
    expect(taxIdEntryOf(null)).toBe('');
  });
});
