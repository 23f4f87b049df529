import { describe, expect, it } from 'vitest';
import { MetricsModel, seededRng } from './metrics.ts';

describe('MetricsModel', () => {
  it('stays within physical bounds over a long walk', () => {
    const m = new MetricsModel(seededRng(42));
    for (let i = 0; i < 5000; i++) {
      const s = m.step();
      expect(s.cpu_usage).toBeGreaterThanOrEqual(1);
      expect(s.cpu_usage).toBeLessThanOrEqual(100);
      expect(s.cpu_temp).toBeGreaterThanOrEqual(25);
      expect(s.cpu_temp).toBeLessThanOrEqual(90);
      expect(s.memory_usage).toBeLessThanOrEqual(s.memory_total);
      expect(s.storage_usage).toBeLessThanOrEqual(s.storage_total);
      expect(s.memory_usage).toBeGreaterThan(0);
    }
  });

  it('moves gradually (a walk, not noise) and keeps totals fixed', () => {
    const m = new MetricsModel(seededRng(7));
    let prev = m.step();
    for (let i = 0; i < 200; i++) {
      const next = m.step();
      expect(Math.abs(next.cpu_usage - prev.cpu_usage)).toBeLessThanOrEqual(9);
      expect(next.memory_total).toBe(prev.memory_total);
      expect(next.storage_total).toBe(prev.storage_total);
      prev = next;
    }
  });

  it('is reproducible with the same seed', () => {
    const a = new MetricsModel(seededRng(3));
    const b = new MetricsModel(seededRng(3));
    expect(a.step()).toEqual(b.step());
  });
});
