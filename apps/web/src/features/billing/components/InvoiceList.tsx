import { useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/Error';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import { invoiceStateGroup, isInvoiceDownloadable, type InvoiceStateGroup } from '@flotilla/core/billing/invoice-states';
import { formatCents } from '@flotilla/core/billing/prices';
import type { InvoiceSummary } from '@flotilla/core/schemas/billing';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadInvoice } from '../api/billing.requests.ts';
import { billingErrorText } from '../billing-errors.ts';
import { formatDueDate } from '../invoice-display.ts';

const STATE_LOOK: Record<InvoiceStateGroup, { Icon: ComponentType<{ fontSize?: 'small'; sx?: object }>; color: string }> = {
  done: { Icon: CheckCircleIcon, color: 'success.main' },
  'in-progress': { Icon: ScheduleIcon, color: 'warning.main' },
  failed: { Icon: ErrorIcon, color: 'error.main' },
  other: { Icon: DescriptionIcon, color: 'text.secondary' },
};

/**
 * Invoices as a list (accounts spec §4 "Invoice states"): the state's icon and colour, a past due
 * invoice's due date (yyyy-MM-dd HH:mm), and its PDF; a draft's download is disabled with a
 * not-yet-available tooltip. A list, not a table, so a phone shows every field without scrolling sideways.
 */
export function InvoiceList({ orgId, invoices }: { orgId: number; invoices: readonly InvoiceSummary[] }) {
  return (
    <List disablePadding>
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.uuid} orgId={orgId} invoice={invoice} />
      ))}
    </List>
  );
}

function InvoiceRow({ orgId, invoice }: { orgId: number; invoice: InvoiceSummary }) {
  const { t } = useTranslation('billing');
  const [isDownloading, setIsDownloading] = useState(false);
  const group = invoiceStateGroup(invoice.state);
  const { Icon, color } = STATE_LOOK[group];
  const state = t(`invoices.states.${invoice.state}`, { defaultValue: invoice.state });
  const due = invoice.state === 'past_due' ? formatDueDate(invoice.due_on) : '';
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadInvoice(orgId, invoice.invoice_number);
    } catch (error) {
      toast(`${t('errors.error_retrieving_invoice')} ${billingErrorText(error)}`, { variant: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };
  const label = t('invoices.download', { number: invoice.invoice_number });
  return (
    <ListItem divider disableGutters sx={{ gap: 1.5, alignItems: 'flex-start' }} data-testid="invoice-row">
      <Icon fontSize="small" sx={{ color, mt: 0.5, flexShrink: 0 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>
          {invoice.invoice_number} · {formatCents(invoice.total_in_cents)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(invoice.created_at)} · {state}
          {due && ` · ${t('invoices.dueOn', { date: due })}`}
        </Typography>
      </Box>
      {isInvoiceDownloadable(invoice.state) ? (
        <Tooltip title={label}>
          <IconButton aria-label={label} onClick={() => void download()} disabled={isDownloading}>
            <DownloadIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('invoices.notYetAvailable')}>
          {/* aria-disabled, not disabled: it keeps focus and hover, so the tooltip says why to everyone. */}
          <IconButton aria-disabled="true" aria-label={t('invoices.downloadNotYetAvailable', { number: invoice.invoice_number })} sx={{ color: 'text.disabled', cursor: 'default' }} disableRipple>
            <DownloadIcon />
          </IconButton>
        </Tooltip>
      )}
    </ListItem>
  );
}
