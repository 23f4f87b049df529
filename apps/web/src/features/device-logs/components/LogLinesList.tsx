import Box from '@mui/material/Box';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLogTime } from '@flotilla/core/device-log-client';
import { VISUALLY_HIDDEN } from '../../../components/VisuallyHidden.tsx';
import { TERMINAL_BACKGROUND, TERMINAL_FOREGROUND } from '../../../components/terminal/terminal-theme.ts';
import type { ShownLogLine } from '../log-line.ts';

/** One line of 13px monospace: measured after render, wrapped lines included. */
const LINE_HEIGHT_ESTIMATE = 20;
/** Lines rendered above and below the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN = 12;
/** How close to the end (px) still counts as "at the end": the list follows new lines there. */
const FOLLOW_SLACK_PX = 24;

/**
 * The lines of a log, virtualized (up to 5000 buffered, fleets spec §9: only the visible ones are
 * in the DOM). A `log` region, named by `label` and focusable so the keyboard can scroll it; it
 * follows new lines while scrolled to the end and stays put once the user scrolls up. Container
 * lines name their service; system lines say "System" in blue italics, stderr lines are red and
 * say so to screen readers.
 */
export function LogLinesList({ lines, label, height, isUtc, showTimestamps, showDevice = false }: {
  lines: ShownLogLine[];
  label: string;
  /** CSS height of the scrolling region. */
  height: string | number;
  isUtc: boolean;
  showTimestamps: boolean;
  showDevice?: boolean;
}) {
  const { t } = useTranslation('deviceLogs');
  const scrollRef = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT_ESTIMATE,
    overscan: OVERSCAN,
    getItemKey: (index) => lines[index]?.seq ?? index,
    // Render the first lines before the container is measured (first paint, tests).
    initialRect: { width: 800, height: 360 },
  });

  useEffect(() => {
    if (isFollowing.current && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [lines, virtualizer]);

  const handleScroll = () => {
    const el = scrollRef.current;
    if (el) isFollowing.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;
  };

  const items = virtualizer.getVirtualItems();
  return (
    <Box
      ref={scrollRef}
      role="log"
      aria-label={label}
      // New lines are not read out one by one: a busy device would talk over everything else.
      aria-live="off"
      tabIndex={0}
      onScroll={handleScroll}
      data-line-count={lines.length}
      sx={{
        height,
        overflow: 'auto',
        bgcolor: TERMINAL_BACKGROUND,
        color: TERMINAL_FOREGROUND,
        borderRadius: 1,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        lineHeight: '20px',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& .log-line': { px: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
        '& .log-time': { color: '#bdbdbd', mr: 1 },
        '& .log-device': { color: '#b9f6ca', mr: 1 },
        '& .log-source': { color: '#ffd180', mr: 1 },
        '& .is-system': { color: '#80d8ff', fontStyle: 'italic' },
        '& .is-system .log-source': { color: '#80d8ff' },
        '& .is-stderr': { color: '#ff8a80', borderLeft: '3px solid #ff8a80', pl: '5px' },
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          const kind = line.isStdErr ? 'stderr' : line.isSystem ? 'system' : 'stdout';
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`log-line${line.isSystem ? ' is-system' : ''}${line.isStdErr ? ' is-stderr' : ''}`}
              data-kind={kind}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {showTimestamps && <span className="log-time">{formatLogTime(line.timestamp, isUtc)}</span>}
              {showDevice && <span className="log-device">{line.deviceName ?? line.uuid?.slice(0, 7) ?? ''}</span>}
              <span className="log-source">{line.isSystem ? t('system') : (line.serviceName ?? '')}</span>
              {line.isStdErr && <span style={VISUALLY_HIDDEN}>{t('stderr')} </span>}
              <span className="log-message">{line.message}</span>
            </div>
          );
        })}
      </div>
    </Box>
  );
}
