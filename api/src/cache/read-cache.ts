import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './changes';

/**
 * Values read from the database, kept in this process until a trigger announces that their rows changed (see
 * changes.ts). A read that overlaps an announcement is answered but not kept: it may hold the rows from before it.
 */
export class ReadCache<V> {
  private readonly entries: LRUCache<string, { value: V }>;
  /** Bumped by every announcement of the topics: a load started under an older generation is not stored. */
  private generation = 0;

  /**
   * `topics`: the announcements that concern these values. Keyed values (a session, a standing) forget the keys
   * announced; with `whole`, any announcement forgets everything (a count over many participants).
   */
  constructor(
    private readonly feed: ChangeFeed,
    topics: string[],
    max: number,
    options: { whole?: boolean } = {},
  ) {
    // At most `max` entries, counted by size rather than by `max`: lru-cache allocates a `max` cache's arrays whole
    // at once (some 3 MB for 100,000 entries, idle in a small programme), a `maxSize` one as it fills.
    this.entries = new LRUCache({ maxSize: max, sizeCalculation: () => 1 });
    feed.subscribe((change) => {
      if (change.topic !== '*' && !topics.includes(change.topic)) return;
      this.generation += 1;
      if (change.keys === null || options.whole) this.entries.clear();
      else for (const key of change.keys) this.entries.delete(key);
    });
  }

  /** The kept value of `key` when `fits` it (a standing of the current cycle, say), else a fresh load. */
  async get(key: string, load: () => Promise<V>, fits: (value: V) => boolean = () => true): Promise<V> {
    if (!this.feed.live) return load();
    const hit = this.entries.get(key);
    if (hit && fits(hit.value)) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (this.feed.live && generation === this.generation) this.entries.set(key, { value });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
