import { describe, expect, it } from 'vitest';
import { ndjsonBatches } from './ndjson.ts';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of ndjsonBatches(bodyOf(chunks))) out.push(batch);
  return out;
}

describe('ndjsonBatches', () => {
  it('joins lines split across chunks and yields each chunk\'s complete lines together', async () => {
    expect(await collect(['{"a":1}\n{"a"', ':2}\n{"a":3}\n'])).toEqual([['{"a":1}'], ['{"a":2}', '{"a":3}']]);
  });

  it('skips keep-alive newlines and yields a last line without its newline', async () => {
    expect(await collect(['\n', '{"a":1}\n\n', '{"a":2}'])).toEqual([['{"a":1}'], ['{"a":2}']]);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('{"m":"é"}\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    const out: string[][] = [];
    for await (const batch of ndjsonBatches(body)) out.push(batch);
    expect(out).toEqual([['{"m":"é"}']]);
  });
});
