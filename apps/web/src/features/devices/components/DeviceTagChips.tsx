import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '../api/devices.queries.ts';
import { DEVICE_TAG_CHIPS } from '../device-list.ts';

/** Fleets spec §9 "Tag chip text width". */
const CHIP_TEXT_MAX_PX = 100;

/**
 * A device's tags in its list row, as chips "tag_key: value" (by key). The text is cut at 100 px
 * with an ellipsis; the whole text stays in the DOM (read by screen readers) and in the title.
 * The page loads one tag more than it shows, so a further tag reads "and more".
 */
export function DeviceTagChips({ tags }: { tags: DeviceRow['device_tag'] }) {
  const { t } = useTranslation('devices');
  if (tags.length === 0) return <>—</>;
  return (
    <Box component="ul" aria-label={t('list.tagsOf')} sx={{ display: 'flex', gap: 0.5, m: 0, p: 0, listStyle: 'none', alignItems: 'center' }}>
      {tags.slice(0, DEVICE_TAG_CHIPS).map((tag) => {
        const text = `${tag.tag_key}: ${tag.value}`;
        return (
          <li key={tag.tag_key}>
            <Chip size="small" label={text} title={text} sx={{ '& .MuiChip-label': { maxWidth: CHIP_TEXT_MAX_PX, overflow: 'hidden', textOverflow: 'ellipsis' } }} />
          </li>
        );
      })}
      {tags.length > DEVICE_TAG_CHIPS && (
        <li>
          <Typography variant="caption" color="text.secondary">
            {t('list.tagsMore')}
          </Typography>
        </li>
      )}
    </Box>
  );
}
