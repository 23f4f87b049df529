import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from './sse-parser.ts';

function parse(chunks: string[]): { messages: SseMessage[]; comments: number } {
  const messages: SseMessage[] = [];
  let comments = 0;
  const parser = new SseParser((m) => messages.push(m), () => (comments += 1));
  for (const c of chunks) parser.push(c);
  return { messages, comments };
}

describe('SseParser', () => {
  it('reads named events and unnamed data, a blank line ending each', () => {
    expect(parse(['event: ready\ndata: {"a":1}\n\ndata: x\n\n']).messages).toEqual([
      { event: 'ready', data: '{"a":1}' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('joins a message split across chunks anywhere, CRLF halves included', () => {
    const text = 'event: change\r\ndata: {"topic":"device:1"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).messages).toEqual([{ event: 'change', data: '{"topic":"device:1"}' }]);
    }
  });

  it('counts comments (keep-alives) without making messages, and joins multi-line data', () => {
    const r = parse([': keep-alive\n\n', 'data: a\ndata: b\n\n', ': keep-alive\n\n']);
    expect(r.comments).toBe(2);
    expect(r.messages).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('sends nothing for an unfinished message', () => {
    expect(parse(['event: change\ndata: {"x"']).messages).toEqual([]);
  });
});
