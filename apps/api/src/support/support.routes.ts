import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@flotilla/core/support-ticket';
import { submitTicketBody, supportOrgParams } from '@flotilla/core/schemas/support';
import { requireUser } from '../auth/guards.ts';
import { dashboardUrl } from '../account/account-links.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { assertMayUpload, attachmentTooLarge, storeAttachment, submitTicket, supportAccess, ticketFields, type SupportCaller } from './support.service.ts';

/** A user (session or user API key) and whether the session is a login-as-user one. */
function supportCaller(request: FastifyRequest): SupportCaller {
  const user = requireUser(request);
  return { user, loggedInAs: request.authSession?.actualUser !== undefined };
}

/**
 * The help desk's routes, on the paths balena's dashboard calls (accounts spec §7 Support):
 * `/zendesk/v1/:orgId/ticket-fields`, `…/submit-ticket`, `…/upload-attachment`, and `…/access`
 * for what the support drawer offers. Device and provisioning keys are refused (403) by
 * requireUser; a user who is not a member of the organization gets the same 404 as for a
 * missing one.
 */
export async function supportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Parsed in this scope only; one file per request, read only after the caller was checked.
  await app.register(multipart);
  const params = supportOrgParams;

  app.get('/zendesk/v1/:orgId/access', { schema: { params } }, async (request) => supportAccess(app.db, supportCaller(request), request.params.orgId));

  app.get('/zendesk/v1/:orgId/ticket-fields', { schema: { params } }, async (request) => ticketFields(app.db, supportCaller(request), request.params.orgId));

  app.post('/zendesk/v1/:orgId/submit-ticket', { schema: { params, body: submitTicketBody } }, async (request, reply) => {
    const mail = { supportEmail: app.config.supportEmail, publicUrl: dashboardUrl(app.config) };
    const ticket = await submitTicket(app.db, supportCaller(request), request.params.orgId, request.body, mail);
    return reply.status(201).send(ticket);
  });

  app.post('/zendesk/v1/:orgId/upload-attachment', { schema: { params } }, async (request, reply) => {
    const caller = supportCaller(request);
    if (!request.isMultipart()) throw badRequest('The attachment is sent as multipart/form-data (field "file")');
    await assertMayUpload(app.db, caller, request.params.orgId);
    const file = await readOneFile(request);
    return reply.status(201).send(await storeAttachment(app.db, caller.user.userId, file));
  });
}

/** Reads the form's one file ("file"), refusing more than 5 MB without holding more of it. */
async function readOneFile(request: FastifyRequest): Promise<{ filename: string; contentType: string; data: Buffer }> {
  let file: { filename: string; contentType: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SUPPORT_ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      const f = part as MultipartFile;
      if (f.fieldname !== 'file') throw badRequest(`Unexpected file field "${f.fieldname}": the attachment goes in "file"`);
      file = { filename: f.filename, contentType: f.mimetype || 'application/octet-stream', data: await f.toBuffer() };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw attachmentTooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('The request body is not valid multipart/form-data: one file, in "file"');
    throw err;
  }
  if (!file) throw badRequest('No file: the attachment goes in the form field "file"');
  return file;
}
