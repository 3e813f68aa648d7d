import { keysetPages } from './keyset';

// A table of ten numbered rows, read three at a time after a key.
const table = Array.from({ length: 10 }, (_, i) => ({ id: i + 1 }));

function reader() {
  const keys: (number | null)[] = [];
  const read = async (after: number | null) => {
    keys.push(after);
    return table.filter((row) => row.id > (after ?? 0)).slice(0, 3);
  };
  return { keys, read };
}

const all = async <T>(pages: AsyncIterable<T[]>) => {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
};

describe('keysetPages', () => {
  it('reads after each page’s last key and stops at the short page when the size is known', async () => {
    const { keys, read } = reader();
    const pages = await all(keysetPages(read, (row) => row.id, { size: 3 }));
    expect(pages.map((page) => page.map((row) => row.id))).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]);
    expect(keys).toEqual([null, 3, 6, 9]);
  });

  it('without a size, stops at the first empty page', async () => {
    const { keys, read } = reader();
    const pages = await all(keysetPages(read, (row) => row.id));
    expect(pages.flat()).toHaveLength(10);
    expect(keys).toEqual([null, 3, 6, 9, 10]);
  });

  it('reads ahead: the next page is asked for before this one is used', async () => {
    const { keys, read } = reader();
    const iterator = keysetPages(read, (row) => row.id, { ahead: true, size: 3 });
    await iterator.next();
    expect(keys).toEqual([null, 3]);
    // A reader that stops early leaves no unhandled failure behind.
    await iterator.return(undefined);
  });
});
