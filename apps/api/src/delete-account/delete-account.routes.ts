import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { parseBody } from '../auth/parse-body.ts';
import { deleteAccount, getDeletionPreview } from './delete-account.service.ts';

const passwordBody = z.object({ password: z.string().min(1, 'Password is required') });

/** Account deletion (accounts spec §4 steps, §5 rules): only a signed-in user, for itself. */
export async function deleteAccountRoutes(app: FastifyInstance): Promise<void> {
  app.get('/user/v1/account/deletion', async (request) => {
    const user = requireUser(request, { via: 'jwt' });
    return getDeletionPreview(app.db, user.userId);
  });

  app.delete('/user/v1/account', async (request) => {
    const user = requireUser(request, { via: 'jwt' });
    const { password } = parseBody(passwordBody, request.body);
    return deleteAccount(app.db, app.config, user, password, request.ip);
  });
}
