// How the API process is started, by `npm start` and by the API benchmark alike (docker/api.Dockerfile repeats it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A capped old generation makes V8 collect garbage before the heap grows: streaming a million-row export stays near
 * 230 MB of resident memory instead of 350 MB and more, for about a tenth more time.
 */
export const API_HEAP_MB = 200;

export const apiNodeArgs = [
  `--max-old-space-size=${API_HEAP_MB}`,
  '--import',
  'tsx',
  path.join(root, 'api', 'src', 'server.ts'),
];
