import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';

export interface SummaryCardItem {
  key: number;
  label: string;
  to: string;
}

/** Accounts spec §2 Organization summary: lists scroll past about 300px. */
const LIST_MAX_HEIGHT = 300;

/**
 * A titled card (a labelled region) with a count and a scrolling list of links; while its items
 * load (`isLoading`), a skeleton announced as loading. A failed read is the page's to show (one
 * error with Retry for every card).
 */
export function SummaryCard({ title, items, viewAllTo, isLoading = false }: { title: string; items: readonly SummaryCardItem[] | undefined; viewAllTo?: string; isLoading?: boolean }) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {/* A chip is a plain div: an aria-label on it is not read, so the words are hidden text. */}
        {items && (
          <Chip
            size="small"
            label={
              <>
                <VisuallyHidden>{t('summary.countLabel', { title, count: items.length })}</VisuallyHidden>
                <span aria-hidden>{items.length}</span>
              </>
            }
          />
        )}
      </Box>
      {!items && isLoading && <LoadingState rows={3} label={t('summary.loadingCard', { title })} />}
      {items && items.length === 0 && <Typography color="text.secondary">{t('summary.emptyList')}</Typography>}
      {items && items.length > 0 && (
        <List dense disablePadding sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto' }}>
          {items.map((item) => (
            <ListItem key={item.key} disableGutters>
              <Link component={RouterLink} to={item.to}>
                {item.label}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      {viewAllTo && (
        <Box sx={{ mt: 1 }}>
          <Link component={RouterLink} to={viewAllTo} aria-label={`${t('summary.viewAll')} ${title}`}>
            {t('summary.viewAll')}
          </Link>
        </Box>
      )}
    </Paper>
  );
}

/** A card with free-form content (the details card). */
export function DetailsCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, height: '100%' }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
