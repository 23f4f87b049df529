import type { MouseEvent } from 'react';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/**
 * "Skip to main content" (WCAG 2.4.1): the first thing Tab reaches, shown only while focused.
 * It focuses the main landmark itself (tabIndex -1) rather than changing the URL's hash.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation('shell');
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Link
      href={`#${targetId}`}
      onClick={handleClick}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      })}
    >
      {t('skipToContent')}
    </Link>
  );
}
