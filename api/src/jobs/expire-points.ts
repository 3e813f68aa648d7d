import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runExpiryJob } from '../modules/ledger';

// For a scheduler (cron, a Kubernetes CronJob): safe to run as often as wanted, and on several replicas at once.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const run = await runExpiryJob(database.db, new Date());
    console.log(
      `expiry: ${run.expired / 100} points from ${run.participants} participants; ${run.warned} warned of expiring points`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
