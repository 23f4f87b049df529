import { PinejsClientCore, type AnyObject } from 'pinejs-client-core';
import { ApiError, apiRequest } from './http.ts';

/**
 * The OData client: pinejs-client-core builds the URLs (the dialect balena-sdk emits, compat §2)
 * and this subclass sends them with fetch and the session token. Failures are ApiErrors.
 */
export class FlotillaPine extends PinejsClientCore {
  override async _request(params: { method: string; url: string; body?: AnyObject }): Promise<NonNullable<unknown>> {
    try {
      const result = await apiRequest(params.url, { method: params.method, body: params.body });
      // PATCH/DELETE answer with an empty body; pinejs expects a value.
      return result ?? {};
    } catch (error) {
      // pinejs-client's `upsert` tells "already exists" (then PATCHes) by the error's
      // `statusCode` 409 and a `body` saying "unique", as its own request layer reports them;
      // without these, every upsert of an existing row failed with that 409.
      if (error instanceof ApiError) Object.assign(error, { statusCode: error.status, body: error.message });
      throw error;
    }
  }
}

export const pine = new FlotillaPine({ apiPrefix: '/v7/', retry: false });
