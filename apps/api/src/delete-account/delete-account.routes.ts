import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deletionPreviewResponse, deletionResultResponse } from '@flotilla/core/schemas/account';
import { passwordProofBody } from '@flotilla/core/schemas/auth';
import { requireUser } from '../auth/guards.ts';
import { deleteAccount, getDeletionPreview } from './delete-account.service.ts';

/** Account deletion (accounts spec §4 steps, §5 rules): only a signed-in user, for itself. */
export async function deleteAccountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/user/v1/account/deletion', { schema: { response: { 200: deletionPreviewResponse } } }, async (request) => {
    const user = requireUser(request, { via: 'jwt' });
    return getDeletionPreview(app.db, user.userId);
  });

  app.delete('/user/v1/account', { schema: { body: passwordProofBody, response: { 200: deletionResultResponse } } }, async (request) => {
    const user = requireUser(request, { via: 'jwt' });
    const { password } = request.body;
    return deleteAccount(app.db, app.config, user, password, request.ip);
  });
}
