import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changelogQuery } from '../api/shell.queries.ts';
import { latestMajor, readLastViewedMajor, shouldOpenChangelog, writeLastViewedMajor } from '../changelog.ts';
import { ChangelogDialog } from './ChangelogDialog.tsx';

/**
 * The changelog button and dialog (accounts spec §2). The dialog opens by itself when this
 * browser last viewed an older major version than the newest in /CHANGELOG.md (§4); closing it
 * records the newest major as viewed. A browser that never viewed one records the newest
 * major without opening: a new user has nothing to catch up on.
 */
export function ChangelogButton() {
  const { t } = useTranslation('shell');
  const changelog = useQuery(changelogQuery);
  const latest = changelog.data ? latestMajor(changelog.data) : null;
  const [isOpenByUser, setOpenByUser] = useState(false);
  const [isDismissed, setDismissed] = useState(false);
  const isOpenByItself = !isDismissed && shouldOpenChangelog(readLastViewedMajor(), latest);

  useEffect(() => {
    if (latest !== null && readLastViewedMajor() === null) writeLastViewedMajor(latest);
  }, [latest]);

  const handleClose = () => {
    if (latest !== null) writeLastViewedMajor(latest);
    setDismissed(true);
    setOpenByUser(false);
  };

  return (
    <>
      <Tooltip title={t('changelog.open')}>
        <IconButton color="inherit" aria-label={t('changelog.open')} aria-haspopup="dialog" onClick={() => setOpenByUser(true)}>
          <NewReleasesIcon />
        </IconButton>
      </Tooltip>
      {(isOpenByUser || isOpenByItself) && <ChangelogDialog entries={changelog.data} isError={changelog.isError} onClose={handleClose} />}
    </>
  );
}
