import path from 'node:path';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo/logins';
import { seedDemo } from './demo/seed';
import { seedProgramme } from './demo/seed-programme';
import { localStorage } from './storage';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }

  let onPoolError = (error: Error) => console.error(error);
  const database = await openDatabase(config, (error) => onPoolError(error));
  await database.migrate();
  const seed = config.seedDemo || (database.driver === 'pglite' && database.created);
  if (seed) {
    const started = performance.now();
    await seedDemo(database.db, config.argon2, config.jwtSecret);
    if (await seedProgramme(database.db, localStorage(path.join(config.dataDir, 'uploads')))) {
      console.log(`Programa de demonstração criado em ${Math.round(performance.now() - started)} ms.`);
    }
  }

  const app = await buildApp({ config, database });
  onPoolError = (error) => app.log.error({ err: error }, 'database connection lost');
  // A stray promise rejection is a bug to log, not a reason to drop every request in flight.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = database.driver === 'pglite' ? `banco embutido em ${config.dataDir}` : 'PostgreSQL';
  console.log(`Especifica em http://${host}:${port} (${where}${seed ? ', dados de demonstração' : ''})`);
  if (seed || database.driver === 'pglite') printDemoLogins(`http://${host}:${port}`);
}

function printDemoLogins(origin: string): void {
  console.log(`Logins de demonstração (senha ${DEMO_PASSWORD}):`);
  for (const login of DEMO_LOGINS) {
    const page = login.role === 'admin' ? '/cms/login' : '/login';
    const kind = login.shopkeeperType ? `${login.role} (${login.shopkeeperType})` : login.role;
    console.log(`  ${kind.padEnd(25)} ${login.email.padEnd(26)} ${origin}${page}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
