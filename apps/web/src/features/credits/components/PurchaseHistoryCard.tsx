import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CREDIT_HISTORY_PAGE_SIZE } from '@flotilla/core/billing/credits';
import { formatCents } from '@flotilla/core/billing/prices';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { CreditBundle } from '../api/credits.requests.ts';
import { countParams, paymentStatusDisplay } from '../credits-display.ts';
import { PageSection } from '../../../components/PageSection.tsx';

/**
 * Purchase history (accounts spec §2 Credits page, §4, §9): newest first, 5 rows per page, each
 * purchase's status; a failed one says why (its error_message, or 'Failed to purchase credits').
 */
export function PurchaseHistoryCard({ bundles }: { bundles: UseQueryResult<CreditBundle[]> }) {
  const { t } = useTranslation('credits');
  return (
    <PageSection title={t('history.title')}>
      <QueryState
        query={bundles}
        what={t('history.what')}
        loadingRows={CREDIT_HISTORY_PAGE_SIZE}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('history.empty')}</Typography>}
      >
        {(rows) => <HistoryTable rows={rows} />}
      </QueryState>
    </PageSection>
  );
}

function HistoryTable({ rows }: { rows: readonly CreditBundle[] }) {
  const { t } = useTranslation('credits');
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(rows.length / CREDIT_HISTORY_PAGE_SIZE) - 1);
  const shown = Math.min(page, lastPage);
  const pageRows = rows.slice(shown * CREDIT_HISTORY_PAGE_SIZE, (shown + 1) * CREDIT_HISTORY_PAGE_SIZE);
  return (
    <>
      {/* Focusable: on a phone the table may scroll sideways, from the keyboard too. */}
      <TableContainer tabIndex={0} role="region" aria-label={t('history.tableLabel')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('history.date')}</TableCell>
              <TableCell align="right">{t('history.quantity')}</TableCell>
              <TableCell align="right">{t('history.total')}</TableCell>
              <TableCell>{t('history.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((bundle) => (
              <HistoryRow key={bundle.id} bundle={bundle} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > CREDIT_HISTORY_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={shown}
          rowsPerPage={CREDIT_HISTORY_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </>
  );
}

function HistoryRow({ bundle }: { bundle: CreditBundle }) {
  const { t } = useTranslation('credits');
  const status = paymentStatusDisplay(bundle.payment_status);
  const isFailed = bundle.payment_status === 'failed';
  return (
    <TableRow data-testid="credit-purchase">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(bundle.created_at)}</TableCell>
      <TableCell align="right">{countParams(bundle.original_quantity).value}</TableCell>
      <TableCell align="right">{formatCents(bundle.total_cost)}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" color={status.tone} label={t(`status.${status.key}`, { status: bundle.payment_status })} />
        {isFailed && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            {bundle.error_message || t('errors.failed_to_purchase')}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
