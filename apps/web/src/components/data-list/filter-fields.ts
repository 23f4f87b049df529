import type { FilterRule, ListField } from '@flotilla/core/list-filter';

/** A filterable column as the filter bar and dialog show it. */
export interface FilterField {
  id: string;
  label: string;
  field: ListField;
  optionLabel?: (value: string) => string;
}

/** "Name contains pump": the words of a rule, with an enum value in its display label. */
export function describeRule(fields: readonly FilterField[], rule: FilterRule, operatorLabel: (op: FilterRule['op']) => string): string {
  const f = fields.find((x) => x.id === rule.field);
  const value = f?.optionLabel ? f.optionLabel(rule.value) : rule.value;
  return `${f?.label ?? rule.field} ${operatorLabel(rule.op)} ${value}`;
}
