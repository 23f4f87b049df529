import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslation } from 'react-i18next';
import type { FilterRule } from '@flotilla/core/list-filter';
import { describeRule, type FilterField } from './filter-fields.ts';
import { FilterDialog } from './FilterDialog.tsx';
import { MAX_FILTER_RULES } from './list-search.ts';

/** The list's rules as removable chips, "Add filter" (a dialog) and "Clear filters". */
export function FilterBar({ fields, rules, onChange }: { fields: readonly FilterField[]; rules: readonly FilterRule[]; onChange: (rules: FilterRule[]) => void }) {
  const { t } = useTranslation('dataList');
  const [isOpen, setIsOpen] = useState(false);
  const words = (rule: FilterRule) => describeRule(fields, rule, (op) => t(`operators.${op}`));
  return (
    <Box role="group" aria-label={t('filters.label')} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Button size="small" variant="outlined" startIcon={<FilterListIcon />} onClick={() => setIsOpen(true)} disabled={rules.length >= MAX_FILTER_RULES}>
        {t('filters.add')}
      </Button>
      {rules.map((rule, i) => (
        <Box key={`${rule.field}-${rule.op}-${rule.value}-${i}`} sx={{ display: 'inline-flex', alignItems: 'center' }}>
          <Chip size="small" label={words(rule)} />
          <IconButton size="small" aria-label={t('filters.remove', { rule: words(rule) })} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {rules.length > 0 && (
        <Button size="small" onClick={() => onChange([])}>
          {t('filters.clear')}
        </Button>
      )}
      {isOpen && (
        <FilterDialog
          fields={fields}
          onClose={() => setIsOpen(false)}
          onApply={(rule) => {
            setIsOpen(false);
            onChange([...rules, rule]);
          }}
        />
      )}
    </Box>
  );
}
