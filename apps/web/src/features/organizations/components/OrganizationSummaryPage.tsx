/** Placeholder: replaced by the helper that owns this screen. */
export function OrganizationSummaryPage() {
  return null;
}
