/** Placeholder: replaced by the helper that owns this screen. */
export function TeamSummaryPage() {
  return null;
}
