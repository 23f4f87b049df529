/**
 * Accounts spec §2: /identity-provider and its sidebar entry exist only when the SAML feature is
 * on for the user (GET /user/v1/saml-access: an organization of theirs has saml_access) and the
 * deployment's social providers (GET /config) include saml.
 */
export function isSamlFeatureOn(access: { isEnabled: boolean } | undefined, socialProviders: readonly string[] | undefined): boolean {
  return access?.isEnabled === true && (socialProviders ?? []).includes('saml');
}
