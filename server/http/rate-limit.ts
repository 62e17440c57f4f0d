import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type Db, execRows } from '../db/client.js';
import { TooMany } from '../domain/errors.js';

/** Counts events per key in a fixed window. Lives in the database, or Redis when REDIS_URL is set, so every server shares it. */
export interface RateLimitStore {
  /** Adds one to the key's counter and returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  peek(key: string): Promise<number>;
  /** Takes back one hit (an attempt counted before it was known to succeed). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function dbRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const reset = new Date(Date.now() + windowMs);
      const res = await execRows<{ count: number }>(
        db,
        sql`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${reset})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count`,
      );
      return Number(res.rows[0]?.count ?? 1);
    },
    async peek(key) {
      const res = await execRows<{ count: number }>(
        db,
        sql`select count from rate_limits where key = ${key} and reset_at > now()`,
      );
      return Number(res.rows[0]?.count ?? 0);
    },
    async undo(key) {
      await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

export function redisRateLimitStore(redis: Redis, prefix = 'shop:rl:'): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return Number(count);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async undo(key) {
      // only while the key lives: DECR on a missing key would create one without an expiry
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Counts one attempt against each of its limits (all of them, before anything else is done, so concurrent attempts
 * cannot all pass a check made before any was counted), then refuses with 429 and Retry-After when any is over.
 * A limit of 0 or less is off and is not counted.
 */
export async function countAttempt(
  store: RateLimitStore,
  windowMs: number,
  limits: readonly (readonly [key: string, max: number])[],
  message: string,
): Promise<void> {
  const on = limits.filter(([, max]) => max > 0);
  const over = await Promise.all(on.map(async ([key, max]) => (await store.hit(key, windowMs)) > max));
  if (over.includes(true)) throw new TooMany(message, Math.ceil(windowMs / 1000));
}
