import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A streaming Zip and what it has written since the last `take` (which throws what compressing failed with): the
 * generators that write a ZIP yield `take()` after each piece they add.
 */
export function zipCollector() {
  let ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const take = () => {
    if (failure) throw failure;
    const out = Buffer.concat(ready);
    ready = [];
    return out;
  };
  return { zip, take };
}

/** One file of a ZIP: its path inside, and its bytes (text, a buffer, or a stream read as it is written). */
export interface ArchiveEntry {
  name: string;
  data: string | Uint8Array | AsyncIterable<Uint8Array>;
}

/**
 * A ZIP of the entries, written as they come (a copy of a person's data: JSON, CSV and their uploaded files), with
 * fflate's streaming Zip, as the XLSX export is. Nothing is held in memory but the chunk being compressed.
 */
export function zipStream(entries: AsyncIterable<ArchiveEntry>): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    const { zip, take } = zipCollector();
    const encoder = new TextEncoder();
    for await (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      if (typeof entry.data === 'string') file.push(encoder.encode(entry.data), true);
      else if (entry.data instanceof Uint8Array) file.push(entry.data, true);
      else {
        for await (const chunk of entry.data) {
          file.push(chunk);
          yield take();
        }
        file.push(new Uint8Array(0), true);
      }
      yield take();
    }
    zip.end();
    yield take();
  }
  return Readable.from(chunks(), { objectMode: false });
}
