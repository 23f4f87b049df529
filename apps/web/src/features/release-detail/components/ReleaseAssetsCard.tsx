import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { downloadWithSession, sameOriginAssetPath } from '../asset-download.ts';
import { buildAssetTree, type AssetFile, type AssetNode } from '../asset-tree.ts';
import { formatBytes } from '../../../lib/format-size.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

/**
 * The release's assets as a tree by the path segments of their keys (fleets spec §2 "assets
 * tree"; release_asset with asset.href and size): nested lists, a folder's name over its
 * contents, each file a download link with its size. Every reader sees it, observers included.
 */
export function ReleaseAssetsCard({ assets }: { assets: ReleaseSummary['release_asset'] }) {
  const { t } = useTranslation('releaseDetail');
  const tree = buildAssetTree(assets);
  return (
    <SettingsSection title={t('assets.title')}>
        {tree.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('assets.empty')}
          </Typography>
        ) : (
          <AssetList nodes={tree} depth={0} />
        )}
    </SettingsSection>
  );
}

function AssetList({ nodes, depth }: { nodes: AssetNode[]; depth: number }) {
  const { t } = useTranslation('releaseDetail');
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: depth === 0 ? 0 : 3 }}>
      {nodes.map((node) =>
        node.kind === 'folder' ? (
          <Box component="li" key={`d:${node.path}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
              <FolderIcon fontSize="small" aria-hidden />
              <Typography variant="body2" component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {node.name}
              </Typography>
            </Box>
            <AssetList nodes={node.children} depth={depth + 1} />
          </Box>
        ) : (
          <Box component="li" key={`f:${node.key}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, minWidth: 0 }}>
            <FileIcon fontSize="small" aria-hidden />
            <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
              {node.href ? (
                <AssetLink file={node} href={node.href} />
              ) : (
                node.name
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="span" sx={{ whiteSpace: 'nowrap' }}>
              {node.href ? formatBytes(node.size) : t('assets.notUploaded')}
            </Typography>
          </Box>
        ),
      )}
    </Box>
  );
}

/**
 * A file's link. On the API's own origin the click fetches the file with the session's token
 * and saves it (a plain link would go without it); elsewhere it is an ordinary link.
 */
function AssetLink({ file, href }: { file: AssetFile; href: string }) {
  const { t } = useTranslation('releaseDetail');
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const path = sameOriginAssetPath(href, window.location.origin);
    if (path === null) return;
    event.preventDefault();
    downloadWithSession(path, file.name).catch((error: unknown) => notifyError(new Error(t('assets.downloadFailed', { name: file.name, reason: error instanceof Error ? error.message : '' }))));
  };
  return (
    <Link href={href} download={file.name} rel="noopener noreferrer" onClick={onClick}>
      {file.name}
    </Link>
  );
}
