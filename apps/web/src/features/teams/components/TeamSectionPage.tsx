/** Placeholder: replaced by the helper that owns this screen. */
export function TeamSectionPage() {
  return null;
}
