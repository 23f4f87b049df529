import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICES_SHOWN } from '@flotilla/core/billing/prices';
import type { InvoiceSummary } from '@flotilla/core/schemas/billing';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { invoicesQuery } from '../api/billing.queries.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { InvoiceList } from './InvoiceList.tsx';

/** Invoices (accounts spec §2, §9): the 6 newest, and a View all dialog when there are more. */
export function InvoicesCard({ orgId }: { orgId: number }) {
  const { t } = useTranslation('billing');
  const invoices = useQuery(invoicesQuery(orgId));
  const [isShowingAll, setIsShowingAll] = useState(false);
  const total = invoices.data?.length ?? 0;
  return (
    <PageSection
      title={t('invoices.title')}
      actions={
        total > INVOICES_SHOWN && (
          <Button size="small" onClick={() => setIsShowingAll(true)}>
            {t('invoices.viewAll', { count: total })}
          </Button>
        )
      }
    >
      <QueryState
        query={invoices}
        what={t('invoices.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('invoices.empty')}</Typography>}
      >
        {(rows) => <InvoiceList orgId={orgId} invoices={rows.slice(0, INVOICES_SHOWN)} />}
      </QueryState>
      {isShowingAll && invoices.data && <AllInvoicesDialog orgId={orgId} invoices={invoices.data} onClose={() => setIsShowingAll(false)} />}
    </PageSection>
  );
}

function AllInvoicesDialog({ orgId, invoices, onClose }: { orgId: number; invoices: readonly InvoiceSummary[]; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId}>{t('invoices.allTitle')}</DialogTitle>
      {/* Focusable: a long list scrolls, from the keyboard too. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        <InvoiceList orgId={orgId} invoices={invoices} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
