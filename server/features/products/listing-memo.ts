/**
 * What a storefront listing reads besides its page of products: the category and subcategory names (to
 * read the filter string) and the number of matching products ("Showing 30 of 4,512 products"). Both
 * change only when the catalogue does, yet counting costs time in proportion to the matches (27 ms for
 * 90,000 products on PostgreSQL) while the page itself stops after 30 rows. So each server remembers them:
 *
 * - any catalogue write through this server (a POST, PUT, PATCH or DELETE under /c1, /s2 or /p1) forgets
 *   everything at once, so the merchant's own changes show on the next listing;
 * - another server's writes show within `ttlMs` (10 s): the page of products itself is always read fresh,
 *   only the name list and the total can lag that long.
 */
export class ListingMemo<Names> {
  private generation = 0;
  private names: { at: number; value: Promise<Names> } | undefined;
  private readonly totals = new Map<string, { at: number; generation: number; n: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxTotals = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The catalogue changed: forget the names and every total. */
  changed(): void {
    this.generation++;
    this.names = undefined;
    this.totals.clear();
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

  /** The remembered total for a filter's SQL, or undefined when it must be counted. */
  total(key: string): number | undefined {
    const hit = this.totals.get(key);
    if (!hit) return undefined;
    if (hit.generation !== this.generation || this.now() - hit.at >= this.ttlMs) {
      this.totals.delete(key);
      return undefined;
    }
    return hit.n;
  }

  /**
   * Remembers a total counted while the catalogue was at `generation` (taken before the count started):
   * a write that landed during the count makes the result stale, so it is not kept.
   */
  remember(key: string, n: number, generation: number): void {
    if (generation !== this.generation) return;
    if (this.totals.size >= this.maxTotals) {
      const oldest = this.totals.keys().next().value;
      if (oldest !== undefined) this.totals.delete(oldest);
    }
    this.totals.set(key, { at: this.now(), generation, n });
  }

  get currentGeneration(): number {
    return this.generation;
  }
}
