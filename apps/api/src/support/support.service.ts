import { randomBytes } from 'node:crypto';
import { canFilePrivateTicket, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_TOO_LARGE } from '@flotilla/core/support-ticket';
import type { z } from 'zod';
import type { submitTicketBody, SupportAccessResponse, SupportTicketField } from '@flotilla/core/schemas/support';
import type { Db } from '../db/database.ts';
import type { UserPrincipal } from '../auth/guards.ts';
import { claimAttempt } from '../auth/attempt-limits.ts';
import { isOrganizationMember } from '../organizations/organization.repository.ts';
import { AppError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { currentPlan, planSupportOf } from '../billing/plan-info.ts';
import { attachUploads, insertAttachment, insertTicket, isEmailVerified, listTicketFields, organizationName, type TicketFieldRow } from './support.repository.ts';
import { ticketForSupportTeam, ticketReceipt, type TicketForMail } from './ticket-emails.ts';

/**
 * The help desk behind the support drawer (accounts spec §2 "Support drawer", §5 "Support
 * ticket", §6 "Private support needs a paid plan and verified email", §7 Support; DESIGN
 * "support tickets are stored in our own help desk"). Balena's dashboard calls these paths on
 * its Zendesk bridge; ours keeps the paths and stores the tickets itself.
 */

const NOT_FOUND = 'Organization not found';
export const NO_PRIVATE_SUPPORT = "This organization's plan does not include private support";
export const VERIFY_EMAIL_FIRST = 'Verify your email address before opening a support ticket';
export const NOT_WHILE_LOGGED_IN_AS_SUPPORT = 'Support tickets cannot be opened while logged in as another user';

/** Tickets and uploads one user may send per hour: a bound on what an account may store, not a spec number. */
const TICKETS_PER_HOUR = 20;
const UPLOADS_PER_HOUR = 50;

export interface SupportCaller {
  user: UserPrincipal;
  /** True for a login-as-user session (token claim `actualUser`). */
  loggedInAs: boolean;
}

/** An organization the caller is a member of; anyone else (and an unknown id) gets the same 404. */
async function assertMember(db: Db, userId: number, organizationId: number): Promise<void> {
  if (!(await isOrganizationMember(db, userId, organizationId))) throw notFound(NOT_FOUND);
}

export async function supportAccess(db: Db, caller: SupportCaller, organizationId: number): Promise<SupportAccessResponse> {
  await assertMember(db, caller.user.userId, organizationId);
  // The billing engine's reading of the plan and its support tier (free, community, without a subscription).
  const tier = await planSupportOf(db, (await currentPlan(db, organizationId)).plan.id);
  const planIncludesPrivateSupport = tier.includes_private_support;
  const verified = await isEmailVerified(db, caller.user.userId);
  return {
    planIncludesPrivateSupport,
    canFileTicket: !caller.loggedInAs && canFilePrivateTicket(planIncludesPrivateSupport, verified),
    tierTitle: tier.title,
  };
}

/** Refuses, with the reason, a caller who may not open a ticket for the organization. */
async function assertMayFile(db: Db, caller: SupportCaller, organizationId: number): Promise<void> {
  const access = await supportAccess(db, caller, organizationId);
  if (caller.loggedInAs) throw forbidden(NOT_WHILE_LOGGED_IN_AS_SUPPORT, 'logged_in_as_user');
  if (!access.planIncludesPrivateSupport) throw forbidden(NO_PRIVATE_SUPPORT, 'no_private_support');
  if (!access.canFileTicket) throw forbidden(VERIFY_EMAIL_FIRST, 'email_not_verified');
}

const toField = (row: TicketFieldRow): SupportTicketField => ({
  id: row.id,
  type: row.type,
  title_in_portal: row.title_in_portal,
  active: row.active,
  visible_in_portal: row.visible_in_portal,
  editable_in_portal: row.editable_in_portal,
  required_in_portal: row.required_in_portal,
  options: Array.isArray(row.options) ? (row.options as Array<{ name: string; value: string }>) : null,
});

export async function ticketFields(db: Db, caller: SupportCaller, organizationId: number): Promise<SupportTicketField[]> {
  await assertMember(db, caller.user.userId, organizationId);
  return (await listTicketFields(db)).map(toField);
}

/** Checks, before a byte of the file is read, that the caller may attach files for the organization. */
export async function assertMayUpload(db: Db, caller: SupportCaller, organizationId: number): Promise<void> {
  await assertMayFile(db, caller, organizationId);
  await claimAttempt(db, [{ bucket: `support-upload:${caller.user.userId}`, max: UPLOADS_PER_HOUR, windowMs: 3_600_000 }]);
}

/** Stores a file read (within the 5 MB limit) after `assertMayUpload`; returns the token a ticket names it by. */
export async function storeAttachment(
  db: Db,
  userId: number,
  file: { filename: string; contentType: string; data: Buffer },
): Promise<{ token: string; filename: string; size: number }> {
  if (file.data.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
  const token = randomBytes(24).toString('base64url');
  // The name is shown to support agents, never used as a path: kept as sent, cut to 255.
  const filename = file.filename.slice(0, 255) || 'attachment';
  await insertAttachment(db, { token, userId, filename, contentType: file.contentType.slice(0, 255), data: file.data });
  return { token, filename, size: file.data.length };
}

export const attachmentTooLarge = () => new AppError(413, 'The attachment is larger than 5 MB', SUPPORT_ATTACHMENT_TOO_LARGE);

const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
type Priority = (typeof PRIORITIES)[number];

/**
 * Checks the custom fields against the form's definition: only editable fields of the form,
 * each required one given, a choice field's value one of its options. Returns the ticket's
 * priority (from a `priority` field, else normal).
 */
function checkCustomFields(fields: SupportTicketField[], values: z.output<typeof submitTicketBody>['custom_fields']): Priority {
  const byId = new Map(fields.map((f) => [f.id, f]));
  let priority: Priority = 'normal';
  for (const { id, value } of values) {
    const field = byId.get(id);
    if (!field || !field.editable_in_portal || field.type === 'subject' || field.type === 'description') {
      throw badRequest(`Unknown ticket field: ${id}`, 'unknown_ticket_field');
    }
    const chosen = value === null ? [] : Array.isArray(value) ? value : [value];
    if (field.options && chosen.some((v) => !field.options!.some((o) => o.value === v))) {
      throw badRequest(`${field.title_in_portal}: not one of the options`, 'invalid_ticket_field');
    }
    if (field.type === 'priority' && typeof value === 'string') priority = value as Priority;
  }
  for (const field of fields) {
    if (!field.required_in_portal || field.type === 'subject' || field.type === 'description') continue;
    const given = values.find((v) => v.id === field.id);
    const empty = !given || given.value === null || given.value === '' || (Array.isArray(given.value) && given.value.length === 0);
    if (empty) throw badRequest(`${field.title_in_portal} is required`, 'please_fill_out_all_required_fields');
  }
  return PRIORITIES.includes(priority) ? priority : 'normal';
}

/** Where a ticket is mailed: the support team's address (none = kept in the help desk only) and the dashboard's URL. */
export interface TicketMail {
  supportEmail?: string;
  publicUrl: string;
}

export async function submitTicket(
  db: Db,
  caller: SupportCaller,
  organizationId: number,
  body: z.output<typeof submitTicketBody>,
  mail: TicketMail,
): Promise<{ id: number; status: string }> {
  await assertMayFile(db, caller, organizationId);
  const fields = await ticketFields(db, caller, organizationId);
  const priority = checkCustomFields(fields, body.custom_fields);
  await claimAttempt(db, [{ bucket: `support-ticket:${caller.user.userId}`, max: TICKETS_PER_HOUR, windowMs: 3_600_000 }]);
  const uploads = [...new Set(body.comment.uploads)];
  const emailCcs = [...new Set(body.email_ccs.map((cc) => cc.user_email.toLowerCase()))];
  return db.transaction().execute(async (trx) => {
    const ticket = await insertTicket(trx, {
      organizationId,
      userId: caller.user.userId,
      subject: body.subject,
      description: body.comment.body,
      priority,
      emailCcs,
      customFields: body.custom_fields,
    });
    // Only the caller's own files not yet on a ticket: anything else is refused whole.
    const attached = await attachUploads(trx, ticket.id, caller.user.userId, uploads);
    if (attached.length !== uploads.length) throw badRequest('An attachment was not found; upload it again', 'unknown_attachment');
    // Queued in the ticket's transaction: mailed exactly when the ticket exists.
    const forMail: TicketForMail = {
      id: ticket.id,
      subject: body.subject,
      description: body.comment.body,
      priority,
      organization: { id: organizationId, name: await organizationName(trx, organizationId) },
      requester: { username: caller.user.username, email: caller.user.email },
      emailCcs,
      fields: fieldValuesForMail(fields, body.custom_fields),
      attachments: attached.map((a) => a.filename),
    };
    if (mail.supportEmail) await enqueueEmail(trx, ticketForSupportTeam(mail.supportEmail, forMail, mail.publicUrl));
    if (caller.user.email) await enqueueEmail(trx, ticketReceipt(caller.user.email, forMail));
    return ticket;
  });
}

/** The ticket's other fields as the team reads them: the field's title and the chosen option's name. */
function fieldValuesForMail(fields: SupportTicketField[], values: z.output<typeof submitTicketBody>['custom_fields']): Array<{ title: string; value: string }> {
  return values.flatMap(({ id, value }) => {
    const field = fields.find((f) => f.id === id);
    if (!field || value === null) return [];
    const names = (Array.isArray(value) ? value : [value]).map((v) => field.options?.find((o) => o.value === v)?.name ?? v);
    return [{ title: field.title_in_portal, value: names.join(', ') }];
  });
}
