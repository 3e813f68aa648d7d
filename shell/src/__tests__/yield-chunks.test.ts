import path from 'node:path';

// The runtime step scripts/webpack/yield-chunks.cjs adds to every build's chunk loading, run as webpack runs it.
const root = path.resolve(__dirname, '../../..');
const { YieldRuntimeModule } = require(path.join(root, 'scripts/webpack/yield-chunks.cjs'));

type Handler = (chunkId: string, promises: Promise<unknown>[]) => void;

/** `__webpack_require__.e` as webpack writes it, with the generated handler as its only one beside `load`. */
function ensureChunk(load: () => Promise<unknown>[]) {
  const webpackRequire = { f: {} as Record<string, Handler> };
  new Function('__webpack_require__', new YieldRuntimeModule().generate())(webpackRequire);
  webpackRequire.f = { load: (_id, promises) => promises.push(...load()), ...webpackRequire.f };
  return (chunkId: string) =>
    Promise.all(
      Object.values(webpackRequire.f).reduce<Promise<unknown>[]>((promises, handler) => {
        handler(chunkId, promises);
        return promises;
      }, []),
    );
}

const microtasks = async (count = 20) => {
  for (let i = 0; i < count; i++) await Promise.resolve();
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the step between a chunk's script and its modules", () => {
  it('runs a loaded chunk’s modules in a task after the one that loaded it, not in its microtasks', async () => {
    let arrive: (value?: unknown) => void = () => undefined;
    const script = new Promise((resolve) => {
      arrive = resolve;
    });
    let ran = false;
    const loaded = ensureChunk(() => [script])('kit').then(() => {
      ran = true;
    });
    arrive();
    await microtasks();
    expect(ran).toBe(false);
    await nextTask();
    await loaded;
    expect(ran).toBe(true);
  });

  it('runs a chunk that is already in at once, without waiting for a task', async () => {
    let ran = false;
    void ensureChunk(() => [])('kit').then(() => {
      ran = true;
    });
    await microtasks();
    expect(ran).toBe(true);
  });

  it('fails as the chunk’s own load fails', async () => {
    const failure = new Error('ChunkLoadError');
    await expect(ensureChunk(() => [Promise.reject(failure)])('kit')).rejects.toBe(failure);
  });
});
