import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invalidCcEntries, parseCcList, SUPPORT_ATTACHMENT_MAX_BYTES } from '@flotilla/core/support-ticket';
import type { SupportTicketField } from '@flotilla/core/schemas/support';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { formatBytes } from '../../../lib/format-size.ts';
import { cleanErrorText } from '../../../lib/notify.ts';
import type { OrganizationListItem } from '../../organizations/api/organizations.queries.ts';
import { useSubmitTicket } from '../api/support.mutations.ts';
import { ticketFieldsQuery } from '../api/support.queries.ts';
import { OrganizationSelect } from './SupportMenu.tsx';

interface TicketValues {
  subject: string;
  description: string;
  cc: string;
  /** The other fields' values by field id. */
  custom: Record<string, string>;
}

const isText = (field: SupportTicketField) => field.type === 'subject' || field.type === 'description';

/**
 * The create-ticket form (accounts spec §5 "Support ticket"): the organization (required), the
 * help desk's fields in their order, a CC list (comma separated, spaces removed), attachments
 * of at most 5 MB each; validated as the user types. Files go up first, then the ticket names
 * them. A failed send keeps everything typed.
 */
export function TicketForm({
  organizations,
  orgId,
  onOrgChange,
  onSubmitted,
  onBack,
}: {
  organizations: OrganizationListItem[];
  orgId: number;
  onOrgChange: (orgId: number) => void;
  onSubmitted: (ticketId: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('support');
  const fields = useQuery(ticketFieldsQuery(orgId));
  const [files, setFiles] = useState<File[]>([]);
  const tooLarge = files.filter((file) => file.size > SUPPORT_ATTACHMENT_MAX_BYTES);
  const { register, handleSubmit, control, formState } = useForm<TicketValues>({ mode: 'onChange', defaultValues: { subject: '', description: '', cc: '', custom: {} } });

  const send = useSubmitTicket(orgId);
  const sendTicket = (values: TicketValues) => {
    const custom = (fields.data ?? []).filter((field) => !isText(field) && field.editable_in_portal);
    send.mutate(
      {
        files,
        ticket: {
          subject: values.subject.trim(),
          comment: { body: values.description.trim() },
          email_ccs: parseCcList(values.cc).map((email) => ({ user_email: email, action: 'put' as const })),
          custom_fields: custom.flatMap((field) => {
            const value = values.custom[String(field.id)] ?? '';
            return value === '' ? [] : [{ id: field.id, value }];
          }),
        },
      },
      { onSuccess: (ticket) => onSubmitted(ticket.id) },
    );
  };

  if (fields.isPending) return <LoadingState label={t('form.loading')} />;
  if (fields.isError) return <ErrorState error={fields.error} what={t('form.fields')} onRetry={() => fields.refetch()} />;

  const sendError = send.isError ? cleanErrorText(send.error instanceof Error ? send.error.message : String(send.error)) : null;
  const submitting = send.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(sendTicket)(event)} aria-busy={submitting}>
      <Stack spacing={2}>
        {organizations.length > 0 && <OrganizationSelect organizations={organizations} orgId={orgId} onChange={onOrgChange} />}
        {fields.data.map((field) => {
          if (field.type === 'subject') {
            return (
              <TextField
                key={field.id}
                label={field.title_in_portal}
                required
                size="small"
                error={Boolean(formState.errors.subject)}
                helperText={formState.errors.subject?.message}
                {...register('subject', { validate: (v) => (v.trim() === '' ? t('form.required', { field: field.title_in_portal }) : v.length > 300 ? t('form.tooLong') : true) })}
              />
            );
          }
          if (field.type === 'description') {
            return (
              <TextField
                key={field.id}
                label={field.title_in_portal}
                required
                multiline
                minRows={4}
                error={Boolean(formState.errors.description)}
                helperText={formState.errors.description?.message}
                {...register('description', { validate: (v) => (v.trim() === '' ? t('form.required', { field: field.title_in_portal }) : true) })}
              />
            );
          }
          if (!field.editable_in_portal) return null;
          return (
            <Controller
              key={field.id}
              control={control}
              name={`custom.${field.id}`}
              defaultValue=""
              rules={{ validate: (v) => (field.required_in_portal && !v ? t('form.required', { field: field.title_in_portal }) : true) }}
              render={({ field: input, fieldState }) => (
                <TextField
                  {...input}
                  value={input.value ?? ''}
                  select={field.options !== null}
                  size="small"
                  label={field.title_in_portal}
                  required={field.required_in_portal}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {field.options !== null && [
                    <MenuItem key="" value="">
                      <em>{t('form.none')}</em>
                    </MenuItem>,
                    ...field.options.map((option) => (
                      <MenuItem key={option.value} value={option.value}>
                        {option.name}
                      </MenuItem>
                    )),
                  ]}
                </TextField>
              )}
            />
          );
        })}
        <TextField
          label={t('form.cc')}
          size="small"
          error={Boolean(formState.errors.cc)}
          helperText={formState.errors.cc?.message ?? t('form.ccHelp')}
          {...register('cc', {
            validate: (v) => {
              const bad = invalidCcEntries(v);
              return bad.length === 0 ? true : t('form.ccInvalid', { entries: bad.join(', ') });
            },
          })}
        />
        <Stack spacing={1}>
          <Button variant="outlined" component="label">
            {t('form.attach')}
            <input
              type="file"
              hidden
              multiple
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                setFiles((current) => [...current, ...chosen].slice(0, 10));
                event.target.value = '';
              }}
            />
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('form.attachHelp')}
          </Typography>
          {files.length > 0 && (
            <List dense aria-label={t('form.attachments')}>
              {files.map((file, index) => (
                <ListItem
                  key={`${file.name}-${index}`}
                  secondaryAction={
                    <IconButton edge="end" aria-label={t('form.removeAttachment', { name: file.name })} onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}>
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={file.name}
                    secondary={file.size > SUPPORT_ATTACHMENT_MAX_BYTES ? t('support_attachment_exceed_limit') : formatBytes(file.size)}
                    slotProps={{ primary: { noWrap: true }, secondary: file.size > SUPPORT_ATTACHMENT_MAX_BYTES ? { color: 'error' } : undefined }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
        {sendError && (
          <Alert severity="error" role="alert">
            {sendError}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onBack} disabled={submitting}>
            {t('form.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting || !formState.isValid || tooLarge.length > 0}>
            {submitting ? t('form.submitting') : t('form.submit')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
