import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Markdown, { type Components } from 'react-markdown';

/**
 * How a note's Markdown becomes elements. react-markdown builds React elements (never HTML
 * strings): raw HTML in the note stays visible text, and its default URL rule empties any link
 * that is not http(s), mailto, xmpp or irc (so `javascript:` links are never links). On top:
 * - links open in a new tab without a handle on this one (rel noopener noreferrer);
 * - headings start below the card's "Note" heading (h3), so a note cannot add a second h1;
 * - images are not loaded (a note could point them anywhere); their alt text shows instead.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ) : (
      <>{children}</>
    ),
  h1: ({ children }) => (
    <Typography variant="subtitle1" component="h4">
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="subtitle2" component="h5">
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="subtitle2" component="h6">
      {children}
    </Typography>
  ),
  h4: ({ children }) => (
    <Typography variant="subtitle2" component="h6">
      {children}
    </Typography>
  ),
  h5: ({ children }) => (
    <Typography variant="subtitle2" component="h6">
      {children}
    </Typography>
  ),
  h6: ({ children }) => (
    <Typography variant="subtitle2" component="h6">
      {children}
    </Typography>
  ),
  img: ({ alt }) => <>{alt}</>,
};

/**
 * A device note rendered as Markdown (fleets spec §2 Device summary). Loaded lazily
 * (DeviceNoteField), so the parser is fetched with the first note shown, not with the app.
 * A line break typed in the note (Shift+Enter) stays a line break, as it did as plain text.
 */
export default function NoteMarkdown({ text }: { text: string }) {
  return (
    <Box
      data-testid="note-markdown"
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& p, & li': { whiteSpace: 'pre-wrap' },
        '& p': { my: 0.5 },
        '& ul, & ol': { my: 0.5, pl: 3 },
        '& blockquote': { my: 0.5, mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
        '& code': { fontFamily: 'monospace', fontSize: '0.95em' },
        '& pre': { overflowX: 'auto' },
      }}
    >
      <Markdown components={components}>{text}</Markdown>
    </Box>
  );
}
