import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TAX_ID_TYPES } from '@flotilla/core/billing/tax-ids';
import type { BillingAccountInfo } from '@flotilla/core/schemas/billing';
import { InfoList } from '../../../components/InfoList.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { profileQuery } from '../../profile/api/profile.queries.ts';
import { billingAccountQuery } from '../api/billing.queries.ts';
import { ADDRESS_FIELDS, taxIdEntryOf } from '../company-info-form.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { EditCompanyInfoDialog } from './EditCompanyInfoDialog.tsx';

/** Account info (accounts spec §2, §3 "Billing account info"): the company's billing contact, address and tax id, with Edit company info. */
export function AccountInfoCard({ orgId }: { orgId: number }) {
  const { t } = useTranslation('billing');
  const account = useQuery(billingAccountQuery(orgId));
  const { data: profile } = useQuery(profileQuery);
  const [isEditing, setIsEditing] = useState(false);
  return (
    <PageSection
      title={t('account.title')}
      actions={
        account.data !== undefined && (
          <Button variant="outlined" size="small" onClick={() => setIsEditing(true)}>
            {t('account.edit')}
          </Button>
        )
      }
    >
      <QueryState query={account} what={t('account.what')} loadingRows={4}>
        {(info) => (info ? <AccountDetails account={info} /> : <Typography color="text.secondary">{t('account.empty')}</Typography>)}
      </QueryState>
      {isEditing && account.data !== undefined && (
        <EditCompanyInfoDialog orgId={orgId} account={account.data} fallbackEmail={profile?.email ?? ''} onClose={() => setIsEditing(false)} />
      )}
    </PageSection>
  );
}

function AccountDetails({ account }: { account: BillingAccountInfo }) {
  const { t } = useTranslation('billing');
  const address = ADDRESS_FIELDS.filter((field) => field !== 'phone')
    .map((field) => account.address[field])
    .filter((part): part is string => Boolean(part));
  const taxEntry = TAX_ID_TYPES.find((entry) => entry.id === taxIdEntryOf(account.tax_id));
  const none = t('account.notSet');
  return (
    <>
      {account.account_state !== 'active' && <Chip size="small" color="warning" label={t(`account.state.${account.account_state}`)} sx={{ mb: 1 }} />}
      <InfoList
        items={[
          { label: t('account.email'), value: account.email ?? none },
          { label: t('account.companyName'), value: account.company_name ?? none },
          { label: t('account.addressLabel'), value: address.length > 0 ? address.join(', ') : none },
          { label: t('account.address.phone'), value: account.address.phone ?? none },
          { label: t('account.taxId'), value: account.tax_id ? `${taxEntry?.label ?? account.tax_id.type}: ${account.tax_id.value}` : none },
        ]}
      />
    </>
  );
}
