/**
 * Values a server keeps until the tables they were read from change: the signed-in users it has looked up by
 * session, and the back-office order lists. Every committed write to those tables, through any server or by
 * hand, arrives as a notification (migrations 0070 and 0071, server/http/catalogue-feed.ts) and calls
 * `changed()`, which forgets everything at once. While changes cannot be heard (`live` false) nothing is kept or
 * given back.
 *
 * - A value worked out while a change arrived is not kept (the generation taken before the work differs).
 * - Each value may say until when it holds (`validUntil`, clock ms): an order list whose return windows close
 *   later changes then without any write.
 * - Least recently used values make room past `maxBytes`.
 */
export class KeptValues<V> {
  /** Insertion order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, { value: V; bytes: number; validUntil: number }>();
  private generation = 0;
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  live = false;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number,
  ) {}

  get enabled() {
    return this.maxBytes > 0 && this.live;
  }

  stats() {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  /** Something the values are read from changed (or may have): forget them all. */
  changed(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Forgets one value (its own source is being deleted through this server). */
  forget(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  /**
   * The kept value of `key`, or the one `load()` makes, kept when it says how: its size in bytes (null: not
   * to be kept) and until when it holds (default: until a change).
   */
  async get(key: string, load: () => Promise<Made<V>>): Promise<V> {
    if (!this.enabled) return (await load()).value;
    const hit = this.entries.get(key);
    if (hit) {
      if (this.now() < hit.validUntil) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        this.hits++;
        return hit.value;
      }
      this.forget(key);
    }
    this.misses++;
    const generation = this.generation;
    const made = await load();
    const { value, bytes } = made;
    if (bytes !== null && this.live && generation === this.generation && bytes <= this.maxBytes) {
      this.forget(key);
      this.entries.set(key, { value, bytes, validUntil: made.validUntil ?? Number.POSITIVE_INFINITY });
      this.bytes += bytes;
      while (this.bytes > this.maxBytes) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.forget(oldest);
      }
    }
    return value;
  }
}

/** A value just made, with its size in bytes (null: not to be kept) and until when it holds (clock ms). */
type Made<V> = { value: V; bytes: number | null; validUntil?: number };
