/**
 * What a storefront listing works out besides reading its page of products: the category and subcategory
 * names (to read the filter string), the number of matching products ("Showing 30 of 4,512 products") and
 * the built SQL statement of the page. All change only when the catalogue does, yet counting costs time in
 * proportion to the matches (27 ms for 90,000 products on PostgreSQL) and building the statement is a fifth
 * of a listing's CPU time, while the page itself stops after 30 rows. So each server remembers them until
 * `changed()`: the listing cache on every catalogue change heard from the database or a sale starting or
 * ending (server/http/catalogue-feed.ts), without any time limit. Server-rendered pages are kept in one too,
 * for at most `ttlMs` as well.
 *
 * What is remembered is bounded by count (`maxEntries`) and by its size in bytes (`maxBytes`, each value's size
 * as `remember` is told or estimated): a flood of unique filters (each a new statement and total) can take no
 * more memory than that; the oldest values make room.
 */
export class CatalogueCache<Names> {
  private generation = 0;
  private names: { at: number; value: Promise<Names> } | undefined;
  private readonly entries = new Map<string, { at: number; generation: number; value: unknown; bytes: number }>();
  private keptBytes = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 4_000,
    private readonly now: () => number = Date.now,
    readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  /** The catalogue changed: forget the names and every total. */
  changed(): void {
    this.generation++;
    this.names = undefined;
    this.entries.clear();
    this.keptBytes = 0;
  }

  private forget(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.keptBytes -= e.bytes;
  }

  /** The category and subcategory names, loaded at most once per `ttlMs` (a failed load is not kept). */
  catalogueNames(load: () => Promise<Names>): Promise<Names> {
    const cached = this.names;
    if (cached && this.now() - cached.at < this.ttlMs) return cached.value;
    const entry = { at: this.now(), value: load() };
    this.names = entry;
    entry.value.catch(() => {
      if (this.names === entry) this.names = undefined;
    });
    return entry.value;
  }

  /** A remembered value (a total, a built statement), or undefined when it must be made again. */
  recall<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.generation !== this.generation || this.now() - hit.at >= this.ttlMs) {
      this.forget(key);
      return undefined;
    }
    return hit.value as T;
  }

  /**
   * Remembers a value worked out while the catalogue was at `generation` (taken before the work started):
   * a write that landed meanwhile makes it stale, so it is not kept. `bytes` is its size (the key's counted too);
   * without it, the size of its JSON. The oldest entries make room; a value larger than `maxBytes` is not kept.
   */
  remember(key: string, value: unknown, generation: number, bytes?: number): void {
    if (generation !== this.generation) return;
    const size = key.length * 2 + ENTRY_OVERHEAD + (bytes ?? jsonBytes(value));
    if (size > this.maxBytes) return;
    this.forget(key);
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.keptBytes + size > this.maxBytes)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    this.entries.set(key, { at: this.now(), generation, value, bytes: size });
    this.keptBytes += size;
  }

  /**
   * The remembered value of `key`, or the one `load()` makes, remembered unless the catalogue changed while it was
   * made (a failed load is not kept).
   */
  async keep<T>(key: string, load: () => Promise<T>, bytes?: number): Promise<T> {
    const known = this.recall<T>(key);
    if (known !== undefined) return known;
    const generation = this.generation;
    const value = await load();
    this.remember(key, value, generation, bytes);
    return value;
  }

  /** Values remembered now (at most `maxEntries`). */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes remembered now (at most `maxBytes`). */
  get bytes(): number {
    return this.keptBytes;
  }

  get currentGeneration(): number {
    return this.generation;
  }
}

/** What a kept entry costs besides its key and value: the map's slot and the entry object. */
const ENTRY_OVERHEAD = 200;

function jsonBytes(value: unknown): number {
  if (value === undefined) return 0;
  try {
    return (JSON.stringify(value)?.length ?? 0) * 2;
  } catch {
    return 64 * 1024;
  }
}
