import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The support tier an organization's plan gives (free when it has no active subscription): the best the plan includes. */
export async function findSupportTier(db: Db, organizationId: number): Promise<{ title: string; includesPrivateSupport: boolean } | undefined> {
  const { rows } = await sql<{ title: string; includes_private_support: boolean }>`
    SELECT st.title, st.includes_private_support
      FROM organization o
      LEFT JOIN subscription s ON s.is_for__organization = o.id AND s.is_active
      JOIN plan p ON p.id = coalesce(s.is_for__plan, (SELECT id FROM plan WHERE billing_code = 'free'))
      JOIN plan_feature pf ON pf.plan = p.id
      JOIN support_feature sf ON sf.feature = pf.feature
      JOIN support_tier st ON st.id = sf.support_tier
     WHERE o.id = ${organizationId}
     ORDER BY st.includes_private_support DESC, st."includes__SLA" DESC
     LIMIT 1`.execute(db);
  const row = rows[0];
  return row && { title: row.title, includesPrivateSupport: row.includes_private_support };
}

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
