import { describe, expect, it } from 'vitest';
import {
  ALL_SERVICES,
  APPLY_CONCURRENCY,
  NO_EDITS,
  applyAll,
  editCount,
  isNameTaken,
  mergeRows,
  pendingKey,
  stageDelete,
  stageValue,
  undoEdit,
  type SavedVariable,
  type StagedEdit,
} from './variable-staging.ts';

const saved: SavedVariable[] = [
  { id: 1, name: 'MODE', serviceId: ALL_SERVICES, value: 'prod' },
  { id: 2, name: 'PORT', serviceId: 7, value: '80' },
];

describe('pendingKey (fleets spec §4)', () => {
  it('is name_a for a fleet variable and name_sa_{serviceId} for a service variable', () => {
    expect(pendingKey('fleet', { name: 'MODE', serviceId: ALL_SERVICES })).toBe('MODE_a');
    expect(pendingKey('fleet', { name: 'PORT', serviceId: 7 })).toBe('PORT_sa_7');
  });

  it('prefixes d_ for a device variable and sd_ for a device-service variable', () => {
    expect(pendingKey('device', { name: 'MODE', serviceId: 0 })).toBe('d_MODE_a');
    expect(pendingKey('device', { name: 'PORT', serviceId: 7 })).toBe('sd_PORT_sa_7');
  });
});

describe('staging', () => {
  it('stages a new row as added, a changed value as changed and a removed row as deleted', () => {
    let staging = stageValue(NO_EDITS, 'fleet', saved, { name: 'NEW', serviceId: 7 }, 'x');
    staging = stageValue(staging, 'fleet', saved, { name: 'MODE', serviceId: 0 }, 'dev');
    staging = stageDelete(staging, 'fleet', saved, { name: 'PORT', serviceId: 7 });
    expect(staging).toEqual({
      NEW_sa_7: { status: 'added', name: 'NEW', serviceId: 7, value: 'x' },
      MODE_a: { status: 'changed', id: 1, name: 'MODE', serviceId: 0, value: 'dev' },
      PORT_sa_7: { status: 'deleted', id: 2, name: 'PORT', serviceId: 7 },
    });
    expect(editCount(staging)).toBe(3);
    expect(mergeRows('fleet', saved, staging).map((r) => [r.key, r.status, r.value, r.savedValue])).toEqual([
      ['MODE_a', 'changed', 'dev', 'prod'],
      ['NEW_sa_7', 'added', 'x', null],
      ['PORT_sa_7', 'deleted', '80', '80'],
    ]);
  });

  it('drops the edit when a value goes back to the saved one, and when an added row is deleted', () => {
    let staging = stageValue(NO_EDITS, 'fleet', saved, { name: 'MODE', serviceId: 0 }, 'dev');
    staging = stageValue(staging, 'fleet', saved, { name: 'MODE', serviceId: 0 }, 'prod');
    expect(staging).toEqual({});
    staging = stageValue(staging, 'device', saved, { name: 'NEW', serviceId: 0 }, 'x');
    expect(Object.keys(staging)).toEqual(['d_NEW_a']);
    expect(stageDelete(staging, 'device', saved, { name: 'NEW', serviceId: 0 })).toEqual({});
  });

  it('undoes one row and leaves the others staged', () => {
    let staging = stageDelete(NO_EDITS, 'fleet', saved, { name: 'MODE', serviceId: 0 });
    staging = stageValue(staging, 'fleet', saved, { name: 'PORT', serviceId: 7 }, '8080');
    staging = undoEdit(staging, 'MODE_a');
    expect(Object.keys(staging)).toEqual(['PORT_sa_7']);
    expect(mergeRows('fleet', saved, staging).find((r) => r.key === 'MODE_a')?.status).toBe('saved');
  });

  it('brings a deleted row back as changed when it is set again', () => {
    let staging = stageDelete(NO_EDITS, 'fleet', saved, { name: 'MODE', serviceId: 0 });
    staging = stageValue(staging, 'fleet', saved, { name: 'MODE', serviceId: 0 }, 'dev');
    expect(staging.MODE_a).toEqual({ status: 'changed', id: 1, name: 'MODE', serviceId: 0, value: 'dev' });
  });

  it('takes a name per service: the same name on another service is free, a deleted row frees its name', () => {
    const staging = stageDelete(NO_EDITS, 'fleet', saved, { name: 'PORT', serviceId: 7 });
    const rows = mergeRows('fleet', saved, staging);
    expect(isNameTaken(rows, 'fleet', { name: 'MODE', serviceId: 0 })).toBe(true);
    expect(isNameTaken(rows, 'fleet', { name: 'MODE', serviceId: 7 })).toBe(false);
    expect(isNameTaken(rows, 'fleet', { name: 'PORT', serviceId: 7 })).toBe(false);
  });
});

describe('applyAll', () => {
  const staging = {
    A_a: { status: 'added', name: 'A', serviceId: 0, value: '1' },
    MODE_a: { status: 'changed', id: 1, name: 'MODE', serviceId: 0, value: 'dev' },
    PORT_sa_7: { status: 'deleted', id: 2, name: 'PORT', serviceId: 7 },
  } satisfies Record<string, StagedEdit>;

  it('sends every edit and clears the staging when all succeed', async () => {
    const sent: string[] = [];
    const result = await applyAll(staging, async (edit) => sent.push(`${edit.status} ${edit.name}`), String);
    expect(sent.sort()).toEqual(['added A', 'changed MODE', 'deleted PORT']);
    expect(result).toEqual({ staging: {}, outcome: { kind: 'success' } });
  });

  it('keeps only the failed edits staged, each with its error, and reports the first', async () => {
    const result = await applyAll(
      staging,
      async (edit) => {
        if (edit.name === 'MODE') throw new Error('Not allowed');
      },
      (error) => (error as Error).message,
    );
    expect(result.outcome).toEqual({ kind: 'failed', failed: 1, message: 'Not allowed' });
    expect(result.staging).toEqual({ MODE_a: { ...staging.MODE_a, error: 'Not allowed' } });
  });

  it(`runs at most ${APPLY_CONCURRENCY} edits at once`, async () => {
    const many: Record<string, StagedEdit> = {};
    for (let i = 0; i < 25; i++) many[`V${i}_a`] = { status: 'added', name: `V${i}`, serviceId: 0, value: '' };
    let running = 0;
    let peak = 0;
    await applyAll(
      many,
      async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
      },
      String,
    );
    expect(peak).toBe(APPLY_CONCURRENCY);
  });
});
