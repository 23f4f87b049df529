import { PinejsClientCore, type AnyObject } from 'pinejs-client-core';
import { apiRequest } from './http.ts';

/**
 * The OData client: pinejs-client-core builds the URLs (the dialect balena-sdk emits, compat §2)
 * and this subclass sends them with fetch and the session token. Failures are ApiErrors.
 */
export class FlotillaPine extends PinejsClientCore {
  override async _request(params: { method: string; url: string; body?: AnyObject }): Promise<NonNullable<unknown>> {
    const result = await apiRequest(params.url, { method: params.method, body: params.body });
    // PATCH/DELETE answer with an empty body; pinejs expects a value.
    return result ?? {};
  }
}

export const pine = new FlotillaPine({ apiPrefix: '/v7/', retry: false });
