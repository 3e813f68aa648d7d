// npm nests drizzle-orm under api/node_modules while drizzle-kit is hoisted to the root, so drizzle-kit cannot
// see it, neither through require() nor through import(). This runs drizzle-kit with NODE_PATH for the first and a
// resolve hook for the second, both pointing at the api package. Usage: node scripts/drizzle-kit.mjs generate
import { spawnSync } from 'node:child_process';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiUrl = new URL('../package.json', import.meta.url).href;
const apiModules = path.join(path.dirname(fileURLToPath(apiUrl)), 'node_modules');

if (process.env.NODE_PATH !== apiModules) {
  // NODE_PATH is read when the process starts, so set it on a fresh one.
  const child = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, NODE_PATH: apiModules },
  });
  process.exit(child.status ?? 1);
}

const hook = `
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (!specifier.startsWith('drizzle-orm')) throw error;
    return next(specifier, { ...context, parentURL: ${JSON.stringify(apiUrl)} });
  }
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const bin = path.join(path.dirname(createRequire(apiUrl).resolve('drizzle-kit')), 'bin.cjs');
await import(pathToFileURL(bin).href);
