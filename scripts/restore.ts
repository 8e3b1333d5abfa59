// npm run restore -- <dir>   Puts a backup back into DATA_DIR (refuses while the shop runs).
import "./load-env";
import { restore } from "~/server/database/backup.server";
import { config } from "~/server/platform/config.server";

if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: this shop\'s data is in PostgreSQL. Use pg_dump and pg_restore (README, "Your data"); npm run restore copies a SQLite shop.',
  );
  process.exit(2);
}

const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run restore -- /path/to/backup-folder");
  process.exit(2);
}
try {
  const summary = restore(source, config.dataDir);
  console.log(
    `restored into ${summary.dir}: ${summary.orders} orders, ${summary.products} products, ${summary.users} users, ${summary.uploads} images`,
  );
  if (summary.previous) console.log(`the database it replaced is kept in ${summary.previous}`);
} catch (error) {
  console.error(`restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
