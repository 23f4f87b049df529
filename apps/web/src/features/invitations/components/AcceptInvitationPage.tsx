/** Placeholder: replaced by the helper that owns this screen. */
export function AcceptInvitationPage() {
  return null;
}
