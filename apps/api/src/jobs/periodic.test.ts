import { describe, expect, it } from 'vitest';
import { startPeriodic, type JobLogger } from './periodic.ts';

function collectingLogger() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  const log: JobLogger = { error: at('error'), warn: at('warn'), info: at('info') };
  return { log, lines };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('startPeriodic', () => {
  it('logs a failing tick with the job name and its error, and keeps running', async () => {
    const { log, lines } = collectingLogger();
    let calls = 0;
    const results: number[] = [];
    const stop = startPeriodic(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unavailable', { cause: new Error('ECONNREFUSED') });
        return calls;
      },
      5,
      { name: 'heartbeat', log, onResult: (r) => results.push(r) },
    );
    await until(() => results.length >= 1);
    await stop();
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'heartbeat job failed', obj: { job: 'heartbeat' } });
    const err = lines[0]?.obj.err as Error;
    expect(err.message).toBe('database unavailable');
    expect((err.cause as Error).message).toBe('ECONNREFUSED');
    expect(results[0]).toBe(2);
  });

  it('waits for a running tick when stopped and schedules no more', async () => {
    const { log } = collectingLogger();
    let release!: () => void;
    let ticks = 0;
    const stop = startPeriodic(
      () => {
        ticks += 1;
        return new Promise<void>((r) => (release = r));
      },
      1,
      { name: 'slow', log },
    );
    await until(() => ticks === 1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await new Promise((r) => setTimeout(r, 20));
    expect(ticks).toBe(1);
  });
});
