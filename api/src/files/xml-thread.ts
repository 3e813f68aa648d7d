import { Worker } from 'node:worker_threads';
import type { X2jOptions } from 'fast-xml-parser';

/** A parsed tree, or the line of the first syntax error (null: no line, e.g. nested too deep). */
export type XmlOutcome = { tree: unknown } | { malformed: number | null } | { timedOut: true };

// Parsing a large XML takes the thread for hundreds of milliseconds (an NF-e of 990 lines ~0.5 s on a busy core):
// it runs on a worker thread of its own so that every other request keeps being answered meanwhile. The worker
// is plain JavaScript (no TypeScript loader in a worker) and gets only data: the options must be cloneable.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { XMLParser, XMLValidator } = require(workerData.library);
const parser = new XMLParser(workerData.options);
parentPort.on('message', ({ id, text }) => {
  const validation = XMLValidator.validate(text);
  if (validation !== true) return parentPort.postMessage({ id, malformed: validation.err.line ?? null });
  let tree;
  try {
    tree = parser.parse(text);
  } catch {
    return parentPort.postMessage({ id, malformed: null });
  }
  parentPort.postMessage({ id, tree });
});
`;

export interface XmlThread {
  parse(text: string): Promise<XmlOutcome>;
}

/** An idle worker is ended after this long: uploads are rare, and a live thread would keep a finished process up. */
const IDLE_MS = 500;

/** One worker, started on first use and replaced when a parse outlasts `timeoutMs` (it is then terminated). */
export function xmlThread(options: X2jOptions, timeoutMs: number): XmlThread {
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, (outcome: XmlOutcome) => void>();
  const endWhenIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (pending.size > 0 || !worker) return;
      const current = worker;
      worker = null;
      void current.terminate();
    }, IDLE_MS);
    idle.unref();
  };

  const stop = (outcome: XmlOutcome) => {
    const current = worker;
    worker = null;
    void current?.terminate();
    for (const resolve of pending.values()) resolve(outcome);
    pending.clear();
  };
  const start = () => {
    const created = new Worker(SOURCE, {
      eval: true,
      workerData: { library: require.resolve('fast-xml-parser'), options },
      // A hostile document must not take the worker's heap past what an NF-e needs.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    created.unref();
    created.on('message', (message: { id: number } & XmlOutcome) => {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    });
    created.on('error', () => {
      if (worker === created) stop({ malformed: null });
    });
    created.on('exit', () => {
      if (worker === created) stop({ malformed: null });
    });
    return created;
  };

  return {
    parse(text) {
      clearTimeout(idle);
      worker ??= start();
      const id = nextId++;
      const running = worker;
      return new Promise<XmlOutcome>((resolve) => {
        const timer = setTimeout(() => {
          if (worker === running) stop({ timedOut: true });
        }, timeoutMs);
        timer.unref();
        pending.set(id, (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
          if (pending.size <= 1) endWhenIdle();
        });
        running.postMessage({ id, text });
      });
    },
  };
}
