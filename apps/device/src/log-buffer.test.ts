import { describe, expect, it } from 'vitest';
import { LogBuffer } from './log-buffer.ts';

describe('LogBuffer', () => {
  it('drops the oldest lines past its bound and sends in batches', async () => {
    const b = new LogBuffer(5, 2);
    for (let i = 0; i < 7; i++) b.push(`m${i}`, i);
    expect(b.pending.map((l) => l.message)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    const sent: string[][] = [];
    await b.flush(async (lines) => void sent.push(lines.map((l) => l.message)));
    expect(sent).toEqual([['m2', 'm3']]);
    expect(b.pending).toHaveLength(3);
  });

  it('keeps lines when sending fails and marks system vs container lines', async () => {
    const b = new LogBuffer();
    b.push('system', 1);
    b.push('app', 2, 9);
    await expect(b.flush(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(b.pending).toEqual([
      { message: 'system', timestamp: 1, isSystem: true },
      { message: 'app', timestamp: 2, serviceId: 9 },
    ]);
  });
});

describe('LogBuffer sequence numbers', () => {
  it('numbers lines, hands out the unsent ones, and acknowledges up to a number even after the bound dropped some', () => {
    const b = new LogBuffer(4, 10);
    for (let i = 1; i <= 3; i++) b.push(`m${i}`, i);
    expect([b.firstSeq, b.lastSeq]).toEqual([1, 3]);
    expect(b.after(1).map((l) => l.message)).toEqual(['m2', 'm3']);
    b.ack(2);
    expect(b.pending.map((l) => l.message)).toEqual(['m3']);
    for (let i = 4; i <= 8; i++) b.push(`m${i}`, i);
    // m3 and m4 fell off the bound: numbering goes on from the kept lines.
    expect([b.firstSeq, b.lastSeq]).toEqual([5, 8]);
    expect(b.after(0).map((l) => l.message)).toEqual(['m5', 'm6', 'm7', 'm8']);
    b.ack(6);
    expect(b.pending.map((l) => l.message)).toEqual(['m7', 'm8']);
    b.ack(3);
    expect(b.pending).toHaveLength(2);
  });

  it('tells its listener after each push', () => {
    let told = 0;
    const b = new LogBuffer(10, 10, () => (told += 1));
    b.push('a', 1);
    b.push('b', 2, 3);
    expect(told).toBe(2);
  });
});
