import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export async function isEmailVerified(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user').select('is_verified').where('id', '=', userId).executeTakeFirst();
  return row?.is_verified === true;
}

export function listTicketFields(db: Db) {
  return db
    .selectFrom('support_ticket_field')
    .select(['id', 'type', 'title_in_portal', 'active', 'visible_in_portal', 'editable_in_portal', 'required_in_portal', 'options', 'position'])
    .where('active', '=', true)
    .where('visible_in_portal', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export type TicketFieldRow = Awaited<ReturnType<typeof listTicketFields>>[number];

export async function insertAttachment(
  db: Db,
  row: { token: string; userId: number; filename: string; contentType: string; data: Buffer },
): Promise<void> {
  await db
    .insertInto('support_attachment')
    .values({ token: row.token, is_uploaded_by__user: row.userId, filename: row.filename, content_type: row.contentType, size: row.data.length, data: row.data })
    .execute();
}

/**
 * Links the caller's own unattached uploads to the ticket and returns their names. A token
 * someone else uploaded, or one already on a ticket, is not linked (and the caller is told).
 */
export async function attachUploads(db: Db, ticketId: number, userId: number, tokens: string[]): Promise<Array<{ filename: string }>> {
  if (tokens.length === 0) return [];
  return db
    .updateTable('support_attachment')
    .set({ support_ticket: ticketId })
    .where('token', 'in', tokens)
    .where('is_uploaded_by__user', '=', userId)
    .where('support_ticket', 'is', null)
    .returning('filename')
    .execute();
}

export async function insertTicket(
  db: Db,
  ticket: {
    organizationId: number;
    userId: number;
    subject: string;
    description: string;
    priority: 'low' | 'normal' | 'high' | 'urgent';
    emailCcs: string[];
    customFields: Array<{ id: number; value: string | string[] | null }>;
  },
): Promise<{ id: number; status: string }> {
  return db
    .insertInto('support_ticket')
    .values({
      is_for__organization: ticket.organizationId,
      is_created_by__user: ticket.userId,
      subject: ticket.subject,
      description: ticket.description,
      priority: ticket.priority,
      email_ccs: sql<string>`${JSON.stringify(ticket.emailCcs)}::jsonb`,
      custom_fields: sql<string>`${JSON.stringify(ticket.customFields)}::jsonb`,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
}

export async function organizationName(db: Db, organizationId: number): Promise<string> {
  const row = await db.selectFrom('organization').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
  return row.name;
}
