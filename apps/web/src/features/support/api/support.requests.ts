import { submitTicketResponse, uploadAttachmentResponse, type SubmitTicketBody } from '@flotilla/core/schemas/support';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { supportBase as base } from './support.queries.ts';

/** The help desk's writes (accounts spec §7 Support): an attachment, then the ticket that names it. */
export async function uploadAttachment(orgId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = `${base(orgId)}/upload-attachment`;
  return parseResponse(uploadAttachmentResponse, path, await apiRequest(path, { method: 'POST', body: form }));
}

export async function submitTicket(orgId: number, body: SubmitTicketBody) {
  const path = `${base(orgId)}/submit-ticket`;
  return parseResponse(submitTicketResponse, path, await apiRequest(path, { method: 'POST', body }));
}
