import { useMutation } from '@tanstack/react-query';
import type { SubmitTicketBody } from '@flotilla/core/schemas/support';
import { submitTicket, uploadAttachment } from './support.requests.ts';

/**
 * Sends a ticket: its files first (each answered with a token), then the ticket naming them.
 * Nothing cached depends on a ticket, so nothing is refreshed. The form shows the outcome
 * itself (meta.silent: no toast on top of it).
 */
export function useSubmitTicket(orgId: number) {
  return useMutation({
    mutationFn: async ({ files, ticket }: { files: File[]; ticket: Omit<SubmitTicketBody, 'comment'> & { comment: { body: string } } }) => {
      const uploads: string[] = [];
      for (const file of files) uploads.push((await uploadAttachment(orgId, file)).token);
      return submitTicket(orgId, { ...ticket, comment: { ...ticket.comment, uploads } });
    },
    meta: { silent: true },
  });
}
