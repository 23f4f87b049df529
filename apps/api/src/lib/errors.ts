/**
 * The one error type of the server. Services throw it; the error handler maps `status`
 * to the HTTP reply. `message` is shown to clients for 4xx; 5xx details are logged, not sent.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = 'Unauthorized', code?: string) => new AppError(401, message, code);
export const forbidden = (message = 'Forbidden', code?: string) => new AppError(403, message, code);
export const notFound = (message = 'Not found', code?: string) => new AppError(404, message, code);
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
