/** Placeholder: replaced by the helper that owns this screen. */
export function MemberSummaryPage() {
  return null;
}
