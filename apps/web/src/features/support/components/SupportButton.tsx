import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';

// The drawer and its form load when first opened: no page pays for them up front.
const SupportDrawer = lazy(() => import('./SupportDrawer.tsx'));

/** The header's Support button (accounts spec §2 "Support drawer"). */
export function SupportButton() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Tooltip title={t('header.support')}>
        <IconButton
          color="inherit"
          aria-label={t('header.support')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <SupportDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
