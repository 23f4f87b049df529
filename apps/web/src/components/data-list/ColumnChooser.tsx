import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './columns.ts';

/** "Columns": a menu of checkable columns; the one naming the row cannot be hidden. */
export function ColumnChooser<Row>({ columns, hidden, onToggle }: { columns: readonly DataColumn<Row>[]; hidden: readonly string[]; onToggle: (column: DataColumn<Row>) => void }) {
  const { t } = useTranslation('dataList');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button size="small" startIcon={<ViewColumnIcon />} aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('columns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': t('columnsMenu') } }}>
        {columns.map((c) => {
          const isShown = !hidden.includes(c.id);
          return (
            <MenuItem key={c.id} role="menuitemcheckbox" aria-checked={isShown} disabled={c.isHideable === false} onClick={() => onToggle(c)} dense>
              <ListItemIcon>
                <Checkbox size="small" edge="start" checked={isShown} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText>{c.label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
