import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusColor } from '@flotilla/core/device-status';
import { useIsOffline } from '../lib/use-is-offline.ts';
import { theme } from '../theme.ts';

/** Theme colours for the status tokens of @flotilla/core/device-status. */
export const STATUS_COLOR_CSS: Record<StatusColor, string> = {
  success: theme.palette.success.main,
  info: theme.palette.info.main,
  warning: theme.palette.warning.main,
  error: theme.palette.error.main,
  neutral: theme.palette.grey[500],
};

// Plain spans with constant inline styles, no emotion `sx`: a device list's first page draws two
// dots a row, and resolving `sx` per instance was a measurable part of its first frame
// (bench/README.md "device-list-browser").
const WRAPPER: CSSProperties = { display: 'inline-flex', alignItems: 'center', gap: theme.spacing(1) };
const DOT: CSSProperties = { width: 10, height: 10, borderRadius: '50%', flexShrink: 0, boxSizing: 'border-box' };
const DOT_BY_COLOR = Object.fromEntries(
  Object.entries(STATUS_COLOR_CSS).map(([color, css]) => [color, { ...DOT, backgroundColor: css }]),
) as Record<StatusColor, CSSProperties>;
const DOT_STALE: CSSProperties = { ...DOT, border: `2px solid ${STATUS_COLOR_CSS.neutral}` };

/**
 * A coloured dot followed by its label as text (status is never shown by colour alone). While
 * the dashboard is offline (accounts spec §8) a status is only the last one known: the dot turns
 * into a grey ring and the label says so, so "Online" is never shown as current.
 */
export function StatusDot({ color, label }: { color: StatusColor; label: string }) {
  const isStale = useIsOffline();
  if (isStale) return <StaleStatusDot label={label} />;
  return (
    <span style={WRAPPER}>
      <span aria-hidden style={DOT_BY_COLOR[color]} />
      <span>{label}</span>
    </span>
  );
}

/**
 * The offline form, the only one that needs the catalog: a virtualized list mounts two dots per
 * row in every scrolled frame, and each `useTranslation` costs its own i18n wrapper on mount
 * (bench/README.md "device-list-scroll").
 */
function StaleStatusDot({ label }: { label: string }) {
  const { t } = useTranslation('shell');
  return (
    <span data-stale="true" title={t('offline.staleHint')} style={WRAPPER}>
      <span aria-hidden style={DOT_STALE} />
      <span>{t('offline.staleStatus', { status: label })}</span>
    </span>
  );
}
