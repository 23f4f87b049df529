import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Replies smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON and text replies (@fastify/compress) for clients that send Accept-Encoding,
 * brotli first, then gzip. Must be registered before the routes: it attaches itself to each
 * route as it is added. Replies that already carry a Content-Encoding (the dashboard's
 * precompressed files, web.routes.ts) pass through untouched; a 304 has no body to compress, so
 * the target-state ETag/304 (device-protocol.routes.ts) is unaffected. Request bodies are not
 * decompressed here: the one encoded body a client sends (the supervisor's gzip log stream,
 * compat §5.5) is a long-lived stream that its route must inflate incrementally and bound.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
    });
  },
  { name: 'flotilla-compression' },
);
