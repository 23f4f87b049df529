import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { BOOLEAN_VALUES, isPatternOperator, isValidRule, operatorsFor, type FilterOperator, type FilterRule, type ListField } from '@flotilla/core/list-filter';
import { REGEX_PATTERN_MAX_EXPANSION, REGEX_PATTERN_MAX_LENGTH, regexPatternProblem } from '@flotilla/core/regex-pattern';
import type { FilterField } from './filter-fields.ts';

/** The values a field's rule picks from a list (an enum's, a boolean's true/false); none for typed values. */
function choices(field: ListField | undefined): readonly string[] | null {
  if (field?.kind === 'enum') return field.options ?? [];
  if (field?.kind === 'boolean') return BOOLEAN_VALUES;
  return null;
}

/**
 * Picks a column, one of its kind's operators and a value of its type; Apply adds the rule.
 * "matches RegEx" takes a pattern: the helper text says how it is read (PostgreSQL, case-
 * sensitive, `(?i)`), and a pattern the server would refuse says why before it is sent.
 */
export function FilterDialog({ fields, onApply, onClose }: { fields: readonly FilterField[]; onApply: (rule: FilterRule) => void; onClose: () => void }) {
  const { t } = useTranslation('dataList');
  const [fieldId, setFieldId] = useState(fields[0]?.id ?? '');
  const field = fields.find((f) => f.id === fieldId);
  const operators = field ? operatorsFor(field.field) : [];
  const [op, setOp] = useState<FilterOperator>(operators[0] ?? 'contains');
  const [value, setValue] = useState('');
  const rule: FilterRule = { field: fieldId, op: operators.includes(op) ? op : (operators[0] ?? 'contains'), value };
  const isValid = isValidRule(field?.field, rule);
  const isPattern = isPatternOperator(rule.op);
  const patternProblem = isPattern && value !== '' ? regexPatternProblem(value) : null;
  const helperText = patternProblem
    ? t(`filters.patternProblems.${patternProblem}`, { max: patternProblem === 'too_complex' ? REGEX_PATTERN_MAX_EXPANSION : REGEX_PATTERN_MAX_LENGTH })
    : isPattern
      ? t('filters.patternHelp')
      : value !== '' && !isValid
        ? t('filters.invalid')
        : field?.field.kind === 'tag'
          ? t('filters.tagHelp')
          : undefined;

  const changeField = (id: string) => {
    setFieldId(id);
    const next = fields.find((f) => f.id === id);
    setOp(next ? (operatorsFor(next.field)[0] ?? 'contains') : 'contains');
    setValue(choices(next?.field)?.[0] ?? '');
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (isValid) onApply(rule);
        }}
      >
        <DialogTitle>{t('filters.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={t('filters.field')} value={fieldId} onChange={(e) => changeField(e.target.value)}>
              {fields.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('filters.operator')} value={rule.op} onChange={(e) => setOp(operators.find((o) => o === e.target.value) ?? rule.op)}>
              {operators.map((o) => (
                <MenuItem key={o} value={o}>
                  {t(`operators.${o}`)}
                </MenuItem>
              ))}
            </TextField>
            {field && choices(field.field) ? (
              <TextField select label={t('filters.value')} value={value} onChange={(e) => setValue(e.target.value)}>
                {(choices(field.field) ?? []).map((o) => (
                  <MenuItem key={o} value={o}>
                    {field.optionLabel ? field.optionLabel(o) : o}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label={isPattern ? t('filters.pattern') : t('filters.value')}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                type={field?.field.kind === 'date' ? 'date' : field?.field.kind === 'number' ? 'number' : 'text'}
                slotProps={{
                  inputLabel: { shrink: field?.field.kind === 'date' ? true : undefined },
                  htmlInput: isPattern ? { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off', style: { fontFamily: 'monospace' } } : undefined,
                }}
                error={value !== '' && !isValid}
                helperText={helperText}
                autoFocus
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('filters.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!isValid}>
            {t('filters.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
