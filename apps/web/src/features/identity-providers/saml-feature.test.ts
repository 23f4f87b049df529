import { describe, expect, it } from 'vitest';
import { isSamlFeatureOn } from './saml-feature.ts';

describe('the SAML feature (accounts §2 sidebar, /identity-provider)', () => {
  it('is on only with saml access and saml among the social providers', () => {
    expect(isSamlFeatureOn({ isEnabled: true }, ['github', 'saml'])).toBe(true);
    expect(isSamlFeatureOn({ isEnabled: true }, ['github'])).toBe(false);
    expect(isSamlFeatureOn({ isEnabled: false }, ['saml'])).toBe(false);
    expect(isSamlFeatureOn(undefined, ['saml'])).toBe(false);
    expect(isSamlFeatureOn({ isEnabled: true }, undefined)).toBe(false);
  });
});
