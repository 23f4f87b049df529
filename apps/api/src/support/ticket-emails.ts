import type { NewEmail } from '../email/outbox.repository.ts';

/**
 * The emails a new support ticket sends through the outbox (email/outbox-sender.ts): the whole
 * ticket to the support team's address (SUPPORT_EMAIL), where a self-hosted operator reads and
 * answers it, and a receipt to the person who opened it. The CC list is kept on the ticket for
 * the team's reply, never mailed from here: a ticket must not be a way to send mail to anyone.
 */
export interface TicketForMail {
  id: number;
  subject: string;
  description: string;
  priority: string;
  organization: { id: number; name: string };
  requester: { username: string; email: string | null };
  emailCcs: string[];
  fields: Array<{ title: string; value: string }>;
  attachments: string[];
}

/** A subject line holds no line breaks (header injection) and stays short. */
const oneLine = (text: string, max = 150) => text.replace(/[\r\n]+/g, ' ').slice(0, max);

export function ticketForSupportTeam(to: string, ticket: TicketForMail, publicUrl: string): NewEmail {
  const lines = [
    `Ticket #${ticket.id} from ${ticket.requester.username}${ticket.requester.email ? ` <${ticket.requester.email}>` : ''}`,
    `Organization: ${ticket.organization.name} (id ${ticket.organization.id})`,
    `Priority: ${ticket.priority}`,
    ...ticket.fields.map((f) => `${f.title}: ${f.value}`),
    ...(ticket.emailCcs.length > 0 ? [`CC: ${ticket.emailCcs.join(', ')}`] : []),
    ...(ticket.attachments.length > 0 ? [`Attachments (kept in the help desk): ${ticket.attachments.join(', ')}`] : []),
    '',
    ticket.description,
    '',
    `Sent from ${publicUrl}`,
  ];
  return { to, kind: 'support-ticket', subject: oneLine(`[Support #${ticket.id}] ${ticket.subject}`), text: `${lines.join('\n')}\n` };
}

export function ticketReceipt(to: string, ticket: TicketForMail): NewEmail {
  return {
    to,
    kind: 'support-ticket-receipt',
    subject: oneLine(`We received your support ticket #${ticket.id}: ${ticket.subject}`),
    text: `Your ticket #${ticket.id} for ${ticket.organization.name} was received. Our support team will answer by email.\n\nSubject: ${ticket.subject}\n\n${ticket.description}\n`,
  };
}
