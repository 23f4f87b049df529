import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import RestartIcon from '@mui/icons-material/RestartAlt';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/**
 * One table of a configuration page in its titled card (a labelled region): its intro, why its
 * controls are disabled (`reason`), an action beside the intro (Add), and the table, which
 * scrolls sideways inside the card on a phone (focusable, so the keyboard can scroll it).
 */
export function ConfigTableCard({ title, intro, reason, action, tableLabel, columns, minWidth = 720, children }: {
  title: string;
  intro: ReactNode;
  reason?: string | null;
  action?: ReactNode;
  tableLabel: string;
  columns: readonly string[];
  minWidth?: number;
  /** The rows, or an empty note in place of the table. */
  children: ReactNode;
}) {
  return (
    <SettingsSection title={title} reason={reason}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, color: 'text.secondary', typography: 'body2' }}>{intro}</Box>
        {action}
      </Stack>
      <TableContainer tabIndex={0} role="region" aria-label={tableLabel}>
        {/* The section lets long names break anywhere (overflowWrap); a heading keeps its words whole ("Overrides", not "Overrid-es"). */}
        <Table size="small" sx={{ minWidth, '& thead th': { overflowWrap: 'normal' } }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </SettingsSection>
  );
}

/** A table's only row when it has none: the empty note across every column. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ color: 'text.secondary', py: 2 }}>
        {text}
      </TableCell>
    </TableRow>
  );
}

/** A variable's name cell: its title (when the schema gives one) above the name in monospace. */
export function NameCell({ name, title, badge }: { name: string; title?: string; badge?: ReactNode }) {
  return (
    <TableCell component="th" scope="row" sx={{ minWidth: 200, maxWidth: 280 }}>
      {title && <Box sx={{ fontWeight: 500 }}>{title}</Box>}
      <Box sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>{name}</Box>
      {badge}
    </TableCell>
  );
}

/** The mark of a variable whose change reboots the device (§3 will_reboot). */
export function RebootChip() {
  const { t } = useTranslation('configuration');
  return <Chip size="small" variant="outlined" icon={<RestartIcon />} label={t('willReboot')} sx={{ mt: 0.5 }} />;
}
