import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** Fleets spec §9 "Tag chip text width". */
const CHIP_TEXT_MAX_PX = 100;

/**
 * Tags in a list row (a device's, a release's), as chips "tag_key: value" by key. The text is
 * cut at 100 px with an ellipsis; the whole text stays in the DOM (read by screen readers) and
 * in the title. Lists load one tag more than `max`, so a further tag reads `moreText`.
 */
export function TagChips({ tags, max, label, moreText }: { tags: ReadonlyArray<{ tag_key: string; value: string }>; max: number; label: string; moreText: string }) {
  if (tags.length === 0) return <>—</>;
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', gap: 0.5, m: 0, p: 0, listStyle: 'none', alignItems: 'center' }}>
      {tags.slice(0, max).map((tag) => {
        const text = `${tag.tag_key}: ${tag.value}`;
        return (
          <li key={tag.tag_key}>
            <Chip size="small" label={text} title={text} sx={{ '& .MuiChip-label': { maxWidth: CHIP_TEXT_MAX_PX, overflow: 'hidden', textOverflow: 'ellipsis' } }} />
          </li>
        );
      })}
      {tags.length > max && (
        <li>
          <Typography variant="caption" color="text.secondary">
            {moreText}
          </Typography>
        </li>
      )}
    </Box>
  );
}
