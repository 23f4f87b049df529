/**
 * Plausible device metrics as a bounded random walk, in the units the supervisor reports
 * (compat §5.4): cpu_usage %, cpu_temp °C, memory and storage in MB.
 */

export type Rng = () => number;

export interface DeviceMetrics {
  cpu_usage: number;
  cpu_temp: number;
  memory_usage: number;
  memory_total: number;
  storage_usage: number;
  storage_total: number;
  storage_block_device: string;
  cpu_id: string;
  is_undervolted: boolean;
}

const MEMORY_SIZES_MB = [1024, 2048, 4096, 8192];
const STORAGE_SIZES_MB = [14_910, 29_822, 59_645, 119_290];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length] as T;

export class MetricsModel {
  private cpu: number;
  private temp: number;
  private memory: number;
  private storage: number;
  readonly memoryTotal: number;
  readonly storageTotal: number;
  readonly cpuId: string;

  constructor(private readonly rng: Rng = Math.random) {
    // Usable memory is a bit below the nominal size, as `free` shows it.
    this.memoryTotal = Math.round(pick(rng, MEMORY_SIZES_MB) * 0.93);
    this.storageTotal = pick(rng, STORAGE_SIZES_MB);
    this.cpu = 5 + rng() * 20;
    this.temp = 40 + rng() * 10;
    this.memory = this.memoryTotal * (0.2 + rng() * 0.2);
    this.storage = this.storageTotal * (0.1 + rng() * 0.3);
    this.cpuId = Array.from({ length: 16 }, () => Math.floor(rng() * 16).toString(16)).join('');
  }

  /** One step of the walk; temperature follows CPU load with some lag. */
  step(): DeviceMetrics {
    const r = this.rng;
    this.cpu = clamp(this.cpu + (r() - 0.5) * 16, 1, 100);
    const targetTemp = 38 + this.cpu * 0.4;
    this.temp = clamp(this.temp + (targetTemp - this.temp) * 0.3 + (r() - 0.5) * 2, 25, 90);
    this.memory = clamp(this.memory + (r() - 0.5) * this.memoryTotal * 0.04, this.memoryTotal * 0.1, this.memoryTotal * 0.95);
    // Storage mostly grows slowly (logs, images) and occasionally shrinks (cleanup).
    this.storage = clamp(this.storage + (r() - 0.3) * this.storageTotal * 0.002, this.storageTotal * 0.05, this.storageTotal * 0.98);
    return this.current();
  }

  current(): DeviceMetrics {
    return {
      cpu_usage: Math.round(this.cpu),
      cpu_temp: Math.round(this.temp),
      memory_usage: Math.round(this.memory),
      memory_total: this.memoryTotal,
      storage_usage: Math.round(this.storage),
      storage_total: this.storageTotal,
      storage_block_device: '/dev/mmcblk0p6',
      cpu_id: this.cpuId,
      is_undervolted: false,
    };
  }
}

/** A deterministic generator for tests and reproducible runs (mulberry32). */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
