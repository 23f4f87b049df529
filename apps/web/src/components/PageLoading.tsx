import { useTranslation } from 'react-i18next';
import { LoadingState } from './states/LoadingState.tsx';
import { HiddenPageHeading } from './VisuallyHidden.tsx';

/**
 * A route or page section waiting for its data (the router's pendingComponent). `asPage`: it
 * stands for a whole page whose own h1 (a fleet's, a team's name) is not known yet, so it gives
 * the page its one h1 meanwhile ("Loading…", for screen readers) — not inside a page that
 * already has one (a tab, a dialog, the router's default under a layout with a heading).
 */
export function PageLoading({ asPage = false }: { asPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {asPage && <HiddenPageHeading>{t('loading')}</HiddenPageHeading>}
      <LoadingState />
    </>
  );
}
