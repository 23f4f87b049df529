import { MEMBER_COST_ORDER } from '@flotilla/core/billing/prices';
import type { BillingUsageResponse } from '@flotilla/core/schemas/billing';

/**
 * The dynamic usage table's rows (accounts spec §2 "dynamic usage", §7 usage "peakUsage and
 * currentUsage per member role"): every key either count has, member roles in the cost order
 * (accounts spec §9), then other members, then devices; a count the server left out is 0.
 */
export interface UsageRow {
  key: string;
  current: number;
  peak: number;
}

function rank(key: string): number {
  const [kind, name = ''] = key.split(':');
  if (kind === 'member') {
    const i = (MEMBER_COST_ORDER as readonly string[]).indexOf(name);
    return i === -1 ? MEMBER_COST_ORDER.length : i;
  }
  if (kind === 'device') return 100;
  return 200;
}

export function usageRows(usage: Pick<BillingUsageResponse, 'currentUsage' | 'peakUsage'>): UsageRow[] {
  const keys = [...new Set([...Object.keys(usage.currentUsage), ...Object.keys(usage.peakUsage)])];
  keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return keys.map((key) => ({ key, current: usage.currentUsage[key] ?? 0, peak: usage.peakUsage[key] ?? 0 }));
}

/** The i18n key of a usage key's label (`member:administrator` → `usageKeys.member.administrator`: a colon would read as a namespace). */
export function usageLabelKey(key: string): string {
  return `usageKeys.${key.replace(/:/g, '.')}`;
}
