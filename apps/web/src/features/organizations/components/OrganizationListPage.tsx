/** Placeholder: replaced by the helper that owns this screen. */
export function OrganizationListPage() {
  return null;
}
