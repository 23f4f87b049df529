/** Placeholder: replaced by the helper that owns this screen. */
export function MemberSectionPage() {
  return null;
}
