import { sql } from "kysely";
import { db, engine } from "~/server/database/db.server";
import { log } from "~/server/platform/log.server";

// For uptime checks and the reverse proxy; no session needed. 200 when the database can be read
// and written, 503 otherwise. SQLite: a write lock is taken and released at once. PostgreSQL: a
// read, on a server that accepts writes (not a standby in recovery).
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    if (engine === "postgres") {
      const { rows } = await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby from users limit 1`.execute(db);
      if (rows[0]?.standby) throw new Error("the database is a read-only standby");
      return Response.json({ status: "ok" }, { headers });
    }
    await db.connection().execute(async (conn) => {
      await sql`select count(*) from users`.execute(conn);
      await sql`pragma busy_timeout = 250`.execute(conn);
      try {
        await sql`begin immediate`.execute(conn);
        await sql`rollback`.execute(conn);
      } finally {
        await sql`pragma busy_timeout = 5000`.execute(conn);
      }
    });
    return Response.json({ status: "ok" }, { headers });
  } catch (error) {
    log("error", "health check failed", { error });
    return Response.json({ status: "error", message: "database unavailable" }, { status: 503, headers });
  }
}
