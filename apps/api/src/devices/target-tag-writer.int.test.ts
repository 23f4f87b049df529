import { describe, expect, it } from 'vitest';
import { FREE_DEVICE_ALLOWANCE } from '@flotilla/core/device-allowance';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { createFleetWithProvisioningKey } from './device-test-factories.ts';
import { TargetTagWriter } from './target-tag-writer.ts';
import { countedTestApp } from '../test/counted-app.ts';

/**
 * Target-state tags written in batches (target-tag-writer.ts, issue 16 variable-change): the
 * polls of one turn of the event loop share one upsert, sent outside every request; until it is
 * written the tag answers from memory; a device deleted meanwhile does not fail the others.
 */
const world = countedTestApp();

const storedTags = async (ids: number[]) =>
  (await world.db.selectFrom('device_target_cache').select(['device', 'etag']).where('device', 'in', ids).orderBy('device').execute()).map((r) => [r.device, r.etag]);

describe('TargetTagWriter', () => {
  it('writes the tags of many first polls after answering them, charged to none of them, and answers them from memory until then', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const devices = [];
    // As many as the free plan serves: one more would be frozen (device-frozen.ts), its poll a 304.
    for (let i = 0; i < FREE_DEVICE_ALLOWANCE; i++) devices.push(await registerDevice(world.ctx.app, fleet));
    await world.ctx.app.targetTags.flush();
    const ids = devices.map((d) => d.id);
    await world.db.deleteFrom('device_target_cache').where('device', 'in', ids).execute();

    // Ten devices' first polls at once: each answer is charged its own two statements, no write.
    const first = await Promise.all(
      devices.map((d) => world.counter.measure(() => world.ctx.app.inject({ method: 'GET', url: `/device/v3/${d.uuid}/state`, headers: { authorization: `Bearer ${d.apiKey}` } }))),
    );
    for (const { result, statements } of first) {
      expect(result.statusCode).toBe(200);
      expect(statements.some((s) => /device_target_cache \(/.test(s)), statements.join('\n')).toBe(false);
    }
    // Held in memory: the next poll with its tag is a 304 before anything was written.
    const d0 = devices[0]!;
    const again = await world.ctx.app.inject({ method: 'GET', url: `/device/v3/${d0.uuid}/state`, headers: { authorization: `Bearer ${d0.apiKey}`, 'if-none-match': first[0]!.result.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    const { statements: written } = await world.counter.measure(() => world.ctx.app.targetTags.flush());
    expect(await storedTags(ids)).toEqual(first.map((f, i) => [ids[i], f.result.headers.etag]));
    // Flushed by whoever asks, the write is still no caller's: it runs in the writer's own context.
    expect(written).toEqual([]);
  });

  it('writes a batch, skipping a device deleted since its poll without failing the others', async () => {
    const fleet = await createFleetWithProvisioningKey(world.db);
    const a = await registerDevice(world.ctx.app, fleet);
    const b = await registerDevice(world.ctx.app, fleet);
    await world.ctx.app.targetTags.flush();
    const errors: unknown[] = [];
    const writer = new TargetTagWriter(world.db, (err) => errors.push(err));
    // Polled, then deleted before the batch is written.
    await world.db.deleteFrom('device').where('id', '=', b.id).execute();
    writer.store(a.id, { basis: 'x', etag: 'W/"a"', pollIntervalMs: 600_000 });
    writer.store(b.id, { basis: 'x', etag: 'W/"b"', pollIntervalMs: 600_000 });
    expect(writer.heldTag(a.id, 'x', { tags: ['W/"a"'], any: false })).toBe('W/"a"');
    expect(writer.heldTag(a.id, 'y', { tags: ['W/"a"'], any: false }), 'other versions').toBeUndefined();
    expect(writer.heldTag(a.id, 'x', { tags: ['W/"z"'], any: false }), 'a tag the caller does not hold').toBeUndefined();
    await writer.flush();
    expect(errors).toEqual([]);
    expect(await storedTags([a.id, b.id])).toEqual([[a.id, 'W/"a"']]);
    expect(writer.heldTag(a.id, 'x', { tags: [], any: true }), 'written: the table answers now').toBeUndefined();
  });
});
