/**
 * The PostgreSQL advisory lock keys (single 64-bit key form) that make work run once across
 * API processes: each periodic job's tick, start-up migrations and the OS release seed. One
 * list so that no two share a key: two jobs on one key would skip each other's ticks whenever
 * they met (on any process, including the same one through two pool connections). The
 * two-key form (`pg_advisory_xact_lock(hashtext(…), id)`, per-row locks) is a separate key
 * space in PostgreSQL and is not listed here.
 */
export const ADVISORY_LOCK_KEYS = {
  migrations: 727_272,
  heartbeat: 727_301,
  linkSweep: 727_302,
  outbox: 727_303,
  logRetention: 727_310,
  billingRenewal: 727_320,
  osReleaseSeed: 0x05_5eed,
} as const;

export type AdvisoryLockName = keyof typeof ADVISORY_LOCK_KEYS;
