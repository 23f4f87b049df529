import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';

/** The basic Markdown syntax, as typed, with what each line means (message keys under summary.markdown). */
const SYNTAX = [
  { example: '# Heading', meaning: 'heading' },
  { example: '**bold**', meaning: 'bold' },
  { example: '_italic_', meaning: 'italic' },
  { example: '- item', meaning: 'list' },
  { example: '1. item', meaning: 'orderedList' },
  { example: '[text](https://example.com)', meaning: 'link' },
  { example: '`code`', meaning: 'code' },
  { example: '> quote', meaning: 'quote' },
] as const;

/** The note's "Markdown help": a short table of the basic syntax. */
export function MarkdownHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="markdown-help-title">
      <DialogTitle id="markdown-help-title">{t('summary.markdown.title')}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby="markdown-help-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('summary.markdown.type')}</TableCell>
              <TableCell>{t('summary.markdown.for')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SYNTAX.map((row) => (
              <TableRow key={row.meaning}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <code>{row.example}</code>
                </TableCell>
                <TableCell>{t(`summary.markdown.${row.meaning}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('summary.markdown.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
