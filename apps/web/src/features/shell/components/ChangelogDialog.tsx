import { Fragment, useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ChangelogBlock, ChangelogEntry } from '../changelog.ts';

/** The changelog as text: version headings, subheadings, bullet lists and paragraphs (never HTML). */
export function ChangelogDialog({ entries, isError, onClose }: { entries: ChangelogEntry[] | undefined; isError: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} scroll="paper" fullWidth maxWidth="sm" fullScreen={isPhone}>
      <DialogTitle id={titleId}>{t('changelog.title')}</DialogTitle>
      {/* The text scrolls inside the dialog and holds nothing focusable: the region itself takes focus, so the keys scroll it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        {isError && <Typography>{t('changelog.loadFailed')}</Typography>}
        {entries?.length === 0 && <Typography>{t('changelog.empty')}</Typography>}
        {entries?.map((entry) => (
          <Box component="section" key={entry.version} sx={{ '& + &': { mt: 3 } }}>
            <Typography variant="h6" component="h3">
              {t('changelog.version', { version: entry.version })}
              {entry.note && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {entry.note}
                </Typography>
              )}
            </Typography>
            {entry.blocks.map((block, index) => (
              <Fragment key={index}>{renderBlock(block)}</Fragment>
            ))}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('changelog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function renderBlock(block: ChangelogBlock) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography variant="subtitle1" component="h4" sx={{ mt: 1, fontWeight: 600 }}>
          {block.text}
        </Typography>
      );
    case 'list':
      return (
        <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 3 }}>
          {block.items.map((item, index) => (
            <Typography component="li" variant="body2" key={index} sx={{ mb: 0.5 }}>
              {item}
            </Typography>
          ))}
        </Box>
      );
    case 'paragraph':
      return (
        <Typography variant="body2" sx={{ my: 1 }}>
          {block.text}
        </Typography>
      );
  }
}
