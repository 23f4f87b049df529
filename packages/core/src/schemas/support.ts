import { z } from 'zod';
import { SUPPORT_TICKET_MAX_UPLOADS } from '../support-ticket.ts';
import { emailAddress, idParam, positiveId, safeString, strictObjectBody } from './primitives.ts';

/** `/zendesk/v1/:orgId/…`: the organization the ticket is for, by id. */
export const supportOrgParams = z.object({ orgId: idParam });

/** A field of the ticket form (accounts spec §3 "Support ticket field definition"). */
export const supportTicketField = z.object({
  id: z.number(),
  type: z.string(),
  title_in_portal: z.string(),
  active: z.boolean(),
  visible_in_portal: z.boolean(),
  editable_in_portal: z.boolean(),
  required_in_portal: z.boolean(),
  options: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
});
export type SupportTicketField = z.output<typeof supportTicketField>;
export const supportTicketFieldsResponse = z.array(supportTicketField);

/**
 * POST `/zendesk/v1/:orgId/submit-ticket` (accounts spec §7): the ticket's fields, the CC list
 * as `{user_email, action: 'put'}`, the form's other fields as `custom_fields [{id, value}]`,
 * and the comment with the tokens of attachments uploaded before.
 */
export const submitTicketBody = strictObjectBody({
  subject: safeString(300).trim().min(1, 'Subject is required'),
  comment: z.strictObject({
    body: safeString(65_536).trim().min(1, 'Description is required'),
    uploads: z.array(safeString(100)).max(SUPPORT_TICKET_MAX_UPLOADS).default([]),
  }),
  email_ccs: z.array(z.strictObject({ user_email: emailAddress, action: z.literal('put') })).max(20).default([]),
  custom_fields: z
    .array(z.strictObject({ id: positiveId, value: z.union([safeString(1000), z.array(safeString(1000)).max(50), z.null()]) }))
    .max(50)
    .default([]),
});
/** What a client sends (the defaults spelled out). */
export type SubmitTicketBody = z.output<typeof submitTicketBody>;

export const submitTicketResponse = z.object({ id: z.number(), status: z.string() });
export type SubmitTicketResponse = z.output<typeof submitTicketResponse>;

/** POST `/zendesk/v1/:orgId/upload-attachment`: the token a later submit names the file by. */
export const uploadAttachmentResponse = z.object({ token: z.string(), filename: z.string(), size: z.number() });
export type UploadAttachmentResponse = z.output<typeof uploadAttachmentResponse>;

/** GET `/zendesk/v1/:orgId/access`: what the drawer offers for this organization. */
export const supportAccessResponse = z.object({
  /** The plan's support tier includes private support. */
  planIncludesPrivateSupport: z.boolean(),
  /** The caller may file a ticket now (the plan, a verified email, not logged in as someone else). */
  canFileTicket: z.boolean(),
  /** The support tier's title, e.g. "Community support". */
  tierTitle: z.string(),
});
export type SupportAccessResponse = z.output<typeof supportAccessResponse>;
