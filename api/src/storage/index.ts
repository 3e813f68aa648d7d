import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. Keys are made by the server (`folder/random.ext`), never taken from a client, so the
 * local implementation can map them to paths; an S3-compatible store can implement the same three calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Writes a stream under `key` (whole or not at all: a failed stream leaves nothing); resolves to its bytes. */
  write(key: string, data: Readable): Promise<number>;
  /** The file as a stream, or null when there is none. */
  read(key: string): Promise<Readable | null>;
}

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

/** Files under `${root}`; the default keeps them in `${DATA_DIR}/uploads`. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await writeFile(partial, data, { mode: 0o600 });
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async write(key, data) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      try {
        await pipeline(data, createWriteStream(partial, { mode: 0o600 }));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, file);
      return (await stat(file)).size;
    },
    async read(key) {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return createReadStream(file);
    },
  };
}
