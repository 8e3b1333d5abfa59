// npm run backup -- <dir>   Snapshot of DATA_DIR (database + uploads) into a new or empty folder.
import "./load-env";
import { backup } from "~/server/database/backup.server";
import { config } from "~/server/platform/config.server";

if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: this shop\'s data is in PostgreSQL. Use pg_dump and pg_restore (README, "Your data"); npm run backup copies a SQLite shop.',
  );
  process.exit(2);
}

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run backup -- /path/to/new-backup-folder");
  process.exit(2);
}
try {
  const summary = await backup(config.dataDir, target);
  console.log(
    `backup written to ${summary.dir}: ${summary.orders} orders, ${summary.products} products, ${summary.users} users, ${summary.uploads} images`,
  );
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
