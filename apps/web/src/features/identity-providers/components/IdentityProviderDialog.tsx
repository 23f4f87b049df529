import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  identityProviderCreateBody,
  identityProviderFields,
  identityProviderProblems,
  type IdentityProviderFields,
  type IdentityProviderFormField,
} from '@flotilla/core/saml';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { cleanErrorText } from '../../../lib/notify.ts';
import { parseIdpMetadata } from '../idp-metadata.ts';
import { OrganizationMultiSelect } from './OrganizationMultiSelect.tsx';

type Values = { sso_identifier: string; entry_point: string; issuer: string; certificate: string };
const EMPTY: Values = { sso_identifier: '', entry_point: '', issuer: '', certificate: '' };
const MONOSPACE = { fontFamily: 'monospace', fontSize: '0.8rem' };

/**
 * Add or edit an identity provider (accounts spec §2 dialogs; §5 the field rules, checked with
 * the zod schema of packages/core that the API applies too; §8 their errors). Pasted IdP
 * metadata XML fills the entry point, issuer and certificate. On create an organization must be
 * chosen among those the user administers with saml_access. Problems show once a field was
 * left or the form submitted; the API's refusal (a taken SSO identifier) shows above the fields.
 */
export function IdentityProviderDialog({
  mode,
  initial,
  organizations,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  mode: 'add' | 'edit';
  initial?: Values;
  /** The organizations offered on create. */
  organizations: ReadonlyArray<{ id: number; name: string; handle: string }>;
  pending: boolean;
  error: unknown;
  /** The checked fields in their stored form, and on create the chosen organizations. */
  onSubmit: (fields: IdentityProviderFields, organizationIds: number[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('identityProviders');
  const [values, setValues] = useState<Values>(initial ?? EMPTY);
  const [orgIds, setOrgIds] = useState<number[]>(organizations.length === 1 ? [organizations[0]!.id] : []);
  const [touched, setTouched] = useState<ReadonlySet<IdentityProviderFormField>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const [metadata, setMetadata] = useState('');
  const [metadataNotice, setMetadataNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const isAdd = mode === 'add';
  const input = isAdd ? { ...values, organization_id: orgIds } : values;
  const problems = identityProviderProblems(isAdd ? identityProviderCreateBody : identityProviderFields, input);
  const shown = (field: IdentityProviderFormField) => (isSubmitted || touched.has(field) ? problems[field] : undefined);
  const message = (field: IdentityProviderFormField) => {
    const problem = shown(field);
    return problem ? t(`fields.${field}.${problem}`) : undefined;
  };
  const touch = (field: IdentityProviderFormField) => setTouched((previous) => new Set(previous).add(field));

  const field = (name: keyof Values, extra: { multiline?: boolean; helperText?: string; autoFocus?: boolean } = {}) => (
    <TextField
      label={t(`details.${name}`)}
      required
      fullWidth
      autoFocus={extra.autoFocus}
      multiline={extra.multiline}
      minRows={extra.multiline ? 4 : undefined}
      maxRows={extra.multiline ? 10 : undefined}
      value={values[name]}
      disabled={pending}
      onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
      onBlur={() => touch(name)}
      error={Boolean(shown(name))}
      helperText={message(name) ?? extra.helperText}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', style: extra.multiline ? MONOSPACE : undefined } }}
    />
  );

  const fillFromMetadata = () => {
    const result = parseIdpMetadata(metadata);
    if (!result.ok) {
      setMetadataNotice({ ok: false, text: t(`errors.${result.problem}`) });
      return;
    }
    setValues((previous) => ({ ...previous, entry_point: result.metadata.entryPoint, issuer: result.metadata.issuer, certificate: result.metadata.certificate }));
    setMetadataNotice({ ok: true, text: t('dialog.metadataFilled') });
  };

  return (
    <FormDialog
      title={t(isAdd ? 'dialog.addTitle' : 'dialog.editTitle')}
      submitLabel={t(isAdd ? 'dialog.addSubmit' : 'dialog.editSubmit')}
      pending={pending}
      error={error ? cleanErrorText(error instanceof Error ? error.message : String(error)) || t('common:errors.generic') : null}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending || Object.keys(problems).length > 0) return;
        const parsed = identityProviderFields.safeParse(values);
        if (parsed.success) onSubmit(parsed.data, orgIds);
      }}
      onClose={onClose}
    >
      {field('sso_identifier', { autoFocus: true })}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
        <TextField
          label={t('dialog.metadata')}
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          value={metadata}
          disabled={pending}
          onChange={(event) => setMetadata(event.target.value)}
          helperText={t('dialog.metadataHelp')}
          slotProps={{ htmlInput: { spellCheck: false, style: MONOSPACE } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={fillFromMetadata} disabled={pending || metadata.trim() === ''}>
            {t('dialog.metadataFill')}
          </Button>
          {metadataNotice && (
            <Typography variant="body2" role={metadataNotice.ok ? 'status' : 'alert'} color={metadataNotice.ok ? 'success.main' : 'error'}>
              {metadataNotice.text}
            </Typography>
          )}
        </Box>
      </Box>
      {field('entry_point')}
      {field('issuer')}
      {field('certificate', { multiline: true, helperText: t('dialog.certificateHelp') })}
      {isAdd &&
        (organizations.length === 0 ? (
          <Alert severity="warning">{t('dialog.noOrganizations')}</Alert>
        ) : (
          <OrganizationMultiSelect
            label={t('dialog.organization')}
            options={organizations}
            value={orgIds}
            disabled={pending}
            error={message('organization_id')}
            onChange={(ids) => {
              setOrgIds(ids);
              touch('organization_id');
            }}
          />
        ))}
    </FormDialog>
  );
}
