// Long reads (exports, a person's copy, a job over every participant) go a page at a time by keyset: each page is
// the rows after the last one's key, in the key's order, so a page costs the same at the millionth row as at the
// first (an offset would read every row before it again) and a run holds one page in memory.

export interface KeysetOptions {
  /** The most rows a page holds: a shorter page is the last, with no query to learn that the next is empty. */
  size?: number;
  /** Reads the next page while this one is used (an export writing its file meanwhile). */
  ahead?: boolean;
}

/** Every page of a keyset read: `read(after)` answers the rows after the key `after` (null: from the start). */
export async function* keysetPages<T, K>(
  read: (after: K | null) => Promise<T[]>,
  keyOf: (row: T) => K,
  { size, ahead = false }: KeysetOptions = {},
): AsyncGenerator<T[]> {
  let pending = read(null);
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    const last = size !== undefined && rows.length < size;
    const next = () => read(keyOf(rows[rows.length - 1] as T));
    if (!last && ahead) {
      pending = next();
      // A reader that goes away stops the generator: that last read's failure, if any, is nobody's to handle.
      pending.catch(() => {});
    }
    yield rows;
    if (last) return;
    if (!ahead) pending = next();
  }
}
