import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReleaseRow } from '../api/releases.queries.ts';
import { RELEASE_TAG_CHIPS } from '../release-list.ts';

/** Fleets spec §9 "Tag chip text width". */
const CHIP_TEXT_MAX_PX = 100;

/**
 * A release's tags in its row, as chips "tag_key: value" by key, the text cut at 100 px (the
 * whole text stays in the DOM and the title). The query loads one tag more than is shown, so a
 * further tag reads "and more".
 */
export function ReleaseTagChips({ tags }: { tags: ReleaseRow['release_tag'] }) {
  const { t } = useTranslation('releases');
  if (tags.length === 0) return <>—</>;
  return (
    <Box component="ul" aria-label={t('list.tagsOf')} sx={{ display: 'flex', gap: 0.5, m: 0, p: 0, listStyle: 'none', alignItems: 'center' }}>
      {tags.slice(0, RELEASE_TAG_CHIPS).map((tag) => {
        const text = `${tag.tag_key}: ${tag.value}`;
        return (
          <li key={tag.tag_key}>
            <Chip size="small" label={text} title={text} sx={{ '& .MuiChip-label': { maxWidth: CHIP_TEXT_MAX_PX, overflow: 'hidden', textOverflow: 'ellipsis' } }} />
          </li>
        );
      })}
      {tags.length > RELEASE_TAG_CHIPS && (
        <li>
          <Typography variant="caption" color="text.secondary">
            {t('list.tagsMore')}
          </Typography>
        </li>
      )}
    </Box>
  );
}
