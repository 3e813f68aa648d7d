import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { X2jOptions } from 'fast-xml-parser';
import { API_ROOT } from '../paths';
import type { XmlSignatureCheck } from './xml-signature.cjs';

/**
 * A parsed tree (with, when asked, what its XMLDSig signature says and the tree of what it covers), or the line of
 * the first syntax error (null: no line, e.g. nested too deep).
 */
export type XmlOutcome =
  | { tree: unknown; signature?: XmlSignatureCheck; signedTree?: unknown }
  | { malformed: number | null }
  | { timedOut: true };

/** The signature check, plain JavaScript, that the worker and the calling thread both load. */
export const SIGNATURE_MODULE = path.join(API_ROOT, 'src', 'files', 'xml-signature.cjs');

// Parsing a large XML takes the thread for hundreds of milliseconds (an NF-e of 990 lines ~0.5 s on a busy core),
// and checking its signature (a DOM, C14N, a digest and an RSA verification) as long again: both run on a worker
// thread of its own so that every other request keeps being answered meanwhile. The worker is plain JavaScript (no
// TypeScript loader in a worker) and gets only data: the options must be cloneable.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { XMLParser, XMLValidator } = require(workerData.library);
const { checkNfeSignature, wholeTreeParser } = require(workerData.signature);
const parser = new XMLParser(workerData.options);
const parserFor = wholeTreeParser(XMLParser, workerData.options, parser);
parentPort.on('message', ({ id, text, signed }) => {
  const validation = XMLValidator.validate(text);
  if (validation !== true) return parentPort.postMessage({ id, malformed: validation.err.line ?? null });
  const signature = signed ? checkNfeSignature(text) : undefined;
  let tree;
  let signedTree;
  try {
    tree = parserFor(signature).parse(text);
    signedTree = signature?.status === 'signed' ? parser.parse(signature.signedInfNFe) : undefined;
  } catch {
    return parentPort.postMessage({ id, malformed: null });
  }
  parentPort.postMessage({ id, tree, signature, signedTree });
});
`;

export interface XmlThread {
  /** `signed`: check the NF-e's signature over the same text too. */
  parse(text: string, signed?: boolean): Promise<XmlOutcome>;
}

/**
 * An idle worker is ended after this long. Starting one (a thread, its modules, code not yet optimised) made the
 * first document after a pause take 400 to 870 ms instead of ~20 ms on a busy machine, so it is kept for a minute
 * of quiet. It holds the process only while a document is being read (ref'd then): idle, it never keeps a finished
 * process up.
 */
const IDLE_MS = 60_000;

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
      workerData: { library: require.resolve('fast-xml-parser'), signature: SIGNATURE_MODULE, options },
      // A hostile document must not take the worker's heap past what an NF-e needs.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
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
    // After the listeners, which would otherwise hold the process for as long as the thread lives; parse() refs it
    // while a document is being read.
    created.unref();
    return created;
  };

  return {
    parse(text, signed = false) {
      clearTimeout(idle);
      worker ??= start();
      const id = nextId++;
      const running = worker;
      // A caller awaiting the answer keeps the process up until it comes, as any pending I/O does.
      running.ref();
      return new Promise<XmlOutcome>((resolve) => {
        const timer = setTimeout(() => {
          if (worker === running) stop({ timedOut: true });
        }, timeoutMs);
        timer.unref();
        pending.set(id, (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
          if (pending.size <= 1) {
            running.unref();
            endWhenIdle();
          }
        });
        running.postMessage({ id, text, signed });
      });
    },
  };
}
