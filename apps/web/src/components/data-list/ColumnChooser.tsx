import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './columns.ts';

/**
 * "Columns": a menu of checkable columns; the one naming the row cannot be hidden. Each item is
 * the checkbox (menuitemcheckbox, aria-checked) and shows its state with an icon: a checkbox
 * input inside it would be a control inside a control (axe nested-interactive).
 */
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
              <ListItemIcon>{isShown ? <CheckBoxIcon fontSize="small" color="primary" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{c.label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
