/** Billing period arithmetic in UTC. */

/** `date` plus `months`, the day clamped to the target month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(date.getTime());
  out.setUTCDate(1);
  out.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay));
  return out;
}

/** The start of the period of a subscription that started on `start` (periods of `months`) running at `now`. */
export function currentPeriodStart(start: Date, months: number, now: Date): Date {
  let current = start;
  for (let n = 1; ; n += 1) {
    const next = addMonths(start, months * n);
    if (next.getTime() > now.getTime()) return current;
    current = next;
  }
}

/** The first period boundary after `now` of a subscription that started on `start`, periods of `months`. */
export function nextPeriodStart(start: Date, months: number, now: Date): Date {
  let n = 1;
  let next = addMonths(start, months);
  while (next.getTime() <= now.getTime()) {
    n += 1;
    next = addMonths(start, months * n);
  }
  return next;
}
