import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Route schemas are zod schemas (shared with the web client from `@flotilla/core/schemas/*`):
 * Fastify validates `body`, `params`, `querystring` and `headers` with them before the
 * handler runs, and serializes replies through `response` schemas. fastify-plugin: the
 * compilers apply to every route registered after this plugin.
 */
const zodValidationPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
  },
  { name: 'flotilla-zod-validation' },
);
export default zodValidationPlugin;

export interface ValidationErrorBody {
  error: string;
  code?: string;
}

/**
 * The 400 body for a failed route schema: the first issue as `<path>: <message>` (the path
 * inside the body, or the part of the request when the whole part is wrong), or a domain
 * error's own message and `code` when the schema states one (a refine with `params.code`).
 */
export function validationErrorBody(err: FastifyError): ValidationErrorBody | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined;
  const issue = err.validation[0];
  if (!issue) return undefined;
  const code = (issue.params as { params?: { code?: unknown } }).params?.code;
  if (typeof code === 'string') return { error: issue.message ?? code, code };
  const path = issue.instancePath.split('/').filter(Boolean).join('.');
  return { error: `${path || err.validationContext || 'request'}: ${issue.message ?? 'invalid value'}` };
}
