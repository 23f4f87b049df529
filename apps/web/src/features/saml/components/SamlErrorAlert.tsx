import '../saml-catalog.ts';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { samlErrorText } from '../saml-error-text.ts';

/** The `/signup?saml_error=…` notice (accounts spec §2, §8): why single sign-on sent the person back. */
export function SamlErrorAlert({ code }: { code: string }) {
  const { t } = useTranslation('saml');
  return <Alert severity="error">{samlErrorText(t, code)}</Alert>;
}
