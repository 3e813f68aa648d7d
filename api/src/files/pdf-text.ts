import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What a PDF's text layer says: its first pages' text, or why it could not be read. */
export type PdfText = { text: string } | { unreadable: true } | { timedOut: true };

/** A DANFE prints its key on every page; the first pages are all a reading needs. */
const PAGES = 2;
const TIMEOUT_MS = 8_000;

// pdf.js (through unpdf, its build for servers) parses a PDF on the thread that calls it: a large or hostile file
// would hold the event loop for seconds. Each reading runs on a worker thread of its own, with a small heap and a
// deadline after which it is terminated. The worker is plain JavaScript (no TypeScript loader in a worker).
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { getDocumentProxy } = await import(workerData.library);
  const pdf = await getDocumentProxy(new Uint8Array(workerData.data), {
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  const parts = [];
  for (let number = 1; number <= Math.min(pdf.numPages, workerData.pages); number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if (typeof item.str === 'string') parts.push(item.str);
  }
  return parts.join(' ');
})().then(
  (text) => parentPort.postMessage({ text }),
  () => parentPort.postMessage({ unreadable: true }),
);
`;

const library = pathToFileURL(require.resolve('unpdf').replace(/index\.cjs$/, 'index.mjs')).href;

/** The text of a PDF's first pages, read off the event loop. */
export function readPdfText(data: Buffer): Promise<PdfText> {
  return new Promise((resolve) => {
    const worker = new Worker(SOURCE, {
      eval: true,
      workerData: { library, data, pages: PAGES },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let settled = false;
    const settle = (outcome: PdfText) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ timedOut: true }), TIMEOUT_MS);
    worker.on('message', (message: PdfText) => settle(message));
    worker.on('error', () => settle({ unreadable: true }));
    worker.on('exit', () => settle({ unreadable: true }));
  });
}
