import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@flotilla/core/billing/prices';
import type { BillingUsageResponse } from '@flotilla/core/schemas/billing';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { usageQuery } from '../api/billing.queries.ts';
import { usageLabelKey, usageRows } from '../usage-rows.ts';
import { PageSection } from '../../../components/PageSection.tsx';

/** Dynamic usage (accounts spec §2, not on free): current and peak per member role and devices, and this period's charges. */
export function UsageCard({ orgId }: { orgId: number }) {
  const { t } = useTranslation('billing');
  const usage = useQuery(usageQuery(orgId));
  return (
    <PageSection title={t('usage.title')}>
      <QueryState query={usage} what={t('usage.what')} loadingRows={4}>
        {(data) => <UsageTables usage={data} />}
      </QueryState>
    </PageSection>
  );
}

function UsageTables({ usage }: { usage: BillingUsageResponse }) {
  const { t } = useTranslation('billing');
  const rows = usageRows(usage);
  if (rows.length === 0) return <Typography color="text.secondary">{t('usage.empty')}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('usage.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('usage.item')}</TableCell>
              <TableCell align="right">{t('usage.current')}</TableCell>
              <TableCell align="right">{t('usage.peak')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {t(usageLabelKey(row.key), { defaultValue: row.key })}
                </TableCell>
                <TableCell align="right">{row.current}</TableCell>
                <TableCell align="right">{row.peak}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {usage.charges.length > 0 && (
        <TableContainer sx={{ mt: 2 }}>
          <Table size="small" aria-label={t('usage.charges')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('usage.charge')}</TableCell>
                <TableCell align="right">{t('usage.quantity')}</TableCell>
                <TableCell align="right">{t('usage.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {usage.charges.map((charge) => (
                <TableRow key={charge.code}>
                  <TableCell component="th" scope="row">
                    {charge.title}
                  </TableCell>
                  <TableCell align="right">{t('usage.quantityValue', { quantity: charge.quantity, unit: formatCents(charge.unitCents) })}</TableCell>
                  <TableCell align="right">{formatCents(charge.totalCents)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
