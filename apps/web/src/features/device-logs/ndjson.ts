/**
 * The lines of an NDJSON body as they arrive (compat §4 `?stream=1`: one JSON value per line, a
 * bare `\n` as keep-alive). Yields each chunk's complete lines together, so a history burst is
 * handed over in a few batches rather than line by line; blank lines (keep-alives) are skipped,
 * and a last line without its newline is still yielded when the body ends.
 */
export async function* ndjsonBatches(body: ReadableStream<Uint8Array>): AsyncGenerator<string[]> {
  const reader = body.getReader();
  // stream: true keeps a multi-byte character split between chunks for the next chunk.
  const decoder = new TextDecoder();
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const parts = (rest + decoder.decode(value, { stream: true })).split('\n');
      rest = parts.pop() ?? '';
      const lines = parts.filter((line) => line.trim() !== '');
      if (lines.length > 0) yield lines;
    }
    rest += decoder.decode();
    if (rest.trim() !== '') yield [rest];
  } finally {
    // A consumer that stops early (the panel unmounted) releases the body.
    await reader.cancel().catch(() => undefined);
  }
}
