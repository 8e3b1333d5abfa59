import path from "node:path";
import { sql, type Selectable } from "kysely";
import type { ImportsTable } from "#db/schema";
import { MAX_REPORTED_PROBLEMS, type ImportJob, type ImportProblem, type ImportState, type ImportSummary } from "~/lib/product-import";
import { db, newId, now } from "~/server/database/db.server";
import { kickImportRunner } from "./apply.server";
import { parseProductCsv } from "./parse.server";
import { planImport, type ImportPlan } from "./plan.server";
import { readUpload } from "./upload.server";

// An import is a job row with its plan (issue 50, decision 0071): created by the dry run (state
// "planned", nothing of the shop changed), started by the owner ("queued"), applied by the runner
// of whichever process claims it (apply.server.ts: "running", then "done"), or thrown away
// ("discarded"). Progress and the report are read from the rows.

export type ImportRefusal = { ok: false; status: 400 | 404 | 409 | 413; message: string };
type JobResult = { ok: true; job: ImportJob } | ImportRefusal;

export const IMPORT_NOT_FOUND = "Import not found";
/** Items per INSERT: 200 rows of 6 values stay far below either engine's limit on parameters. */
const CHUNK = 200;
const FILE_NAME_MAX = 200;

/** The name an upload is shown by: its base name, one line, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = path.posix
    .basename(name.replaceAll("\\", "/"))
    .replace(/\p{Cc}/gu, "")
    .trim();
  return (base || "products.csv").slice(0, FILE_NAME_MAX);
}

/**
 * The dry run: reads the upload (a CSV, or a ZIP of a CSV and its photos), plans it against the
 * shop as it is and stores the plan as an import in state "planned". Nothing of the shop changes.
 */
export async function createImport(upload: { name: string; bytes: Uint8Array }, by: string | null): Promise<JobResult> {
  const fileName = cleanFileName(upload.name);
  const read = readUpload(fileName, upload.bytes);
  if (!read.ok) return read;
  const parsed = parseProductCsv(read.csv);
  if (!parsed.ok) return parsed;
  const plan = await planImport(parsed.file, { fileName, format: read.format, photoFiles: new Set(read.photos.keys()) });
  await discardStalePlans();
  return { ok: true, job: await storePlan(plan, { fileName, photos: read.photos, by }) };
}

/** How long a dry run waits for "Import" before it is thrown away with its photos (decision 0071). */
export const PLAN_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Dry runs nobody imported or discarded for PLAN_KEPT_MS are discarded: their items and a ZIP's
 * photos (up to 100 MB each) leave the database; the report's summary stays. A plan that old is
 * also one the shop has moved away from. Each new dry run sweeps.
 */
export async function discardStalePlans(at = Date.now()): Promise<number> {
  const stale = await db
    .selectFrom("imports")
    .select("id")
    .where("state", "=", "planned")
    .where("created_at", "<", new Date(at - PLAN_KEPT_MS).toISOString())
    .execute();
  for (const { id } of stale) await discardImport(id);
  return stale.length;
}

const ZIP = "zip:";

/**
 * Stores a plan as an import in state "planned", in one transaction: the import, its items in
 * file order, and the ZIP's photo files the plan names (only those).
 */
export async function storePlan(
  plan: ImportPlan,
  options: { fileName: string; photos?: ReadonlyMap<string, Uint8Array>; by: string | null },
): Promise<ImportJob> {
  const id = newId();
  const stamp = now();
  const wanted = new Set(
    plan.items.flatMap((item) => item.data.photos.filter((p) => p.src.startsWith(ZIP)).map((p) => p.src.slice(ZIP.length))),
  );
  const rowsTotal = plan.items.reduce((sum, item) => sum + item.data.lines.length, 0);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("imports")
      .values({
        id,
        file_name: options.fileName,
        state: "planned",
        created_by: options.by,
        summary: JSON.stringify(plan.summary),
        items_total: plan.items.length,
        rows_total: rowsTotal,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    for (let start = 0; start < plan.items.length; start += CHUNK) {
      await trx
        .insertInto("import_items")
        .values(
          plan.items.slice(start, start + CHUNK).map((item, index) => ({
            import_id: id,
            seq: start + index,
            handle: item.handle,
            action: item.action,
            product_id: item.productId,
            data: JSON.stringify(item.data),
          })),
        )
        .execute();
    }
    for (const [name, bytes] of options.photos ?? []) {
      if (wanted.has(name)) await trx.insertInto("import_files").values({ import_id: id, name, bytes }).execute();
    }
  });
  return (await getImport(id))!;
}

/** Why an import in `state` cannot be started or discarded, as the owner reads it. */
function notPlanned(state: ImportState): string {
  switch (state) {
    case "queued":
    case "running":
      return "This import has already been started: it is being applied";
    case "done":
      return "This import has already been applied: upload the file again to import it once more";
    case "failed":
      return "This import stopped with an error: upload the file again to import it once more";
    case "discarded":
      return "This import was discarded: upload the file again to import it";
    default:
      return "This import cannot be changed now";
  }
}

/** A conditional change of a planned import (so two clicks change it once), or why not. */
async function fromPlanned(id: string, to: "queued" | "discarded"): Promise<JobResult> {
  const result = await db
    .updateTable("imports")
    .set({ state: to, updated_at: now(), ...(to === "discarded" ? { finished_at: now() } : {}) })
    .where("id", "=", id)
    .where("state", "=", "planned")
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) {
    const current = await db.selectFrom("imports").select("state").where("id", "=", id).executeTakeFirst();
    if (!current) return { ok: false, status: 404, message: IMPORT_NOT_FOUND };
    return { ok: false, status: 409, message: notPlanned(current.state) };
  }
  return { ok: true, job: (await getImport(id))! };
}

/**
 * Applies a planned import in the background (state "queued", then "running", then "done"):
 * exactly its plan. What changed in the shop since the dry run is reported item by item.
 */
export async function startImport(id: string): Promise<JobResult> {
  const result = await fromPlanned(id, "queued");
  if (result.ok) kickImportRunner();
  return result;
}

/** Throws a planned import away (state "discarded"); nothing was written. Its plan and files go. */
export async function discardImport(id: string): Promise<JobResult> {
  const result = await fromPlanned(id, "discarded");
  if (!result.ok) return result;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("import_files").where("import_id", "=", id).execute();
    await trx.deleteFrom("import_items").where("import_id", "=", id).execute();
  });
  return result;
}

type ImportRow = Selectable<ImportsTable>;

/** What applying reported, in file order: at most MAX_REPORTED_PROBLEMS. */
async function applyProblemsOf(id: string): Promise<ImportProblem[]> {
  const rows = await db
    .selectFrom("import_items")
    .select("problems")
    .where("import_id", "=", id)
    .where("problems", "is not", null)
    .orderBy("seq")
    .limit(MAX_REPORTED_PROBLEMS)
    .execute();
  return rows.flatMap((row) => JSON.parse(row.problems!) as ImportProblem[]).slice(0, MAX_REPORTED_PROBLEMS);
}

function toJob(row: ImportRow, applyProblems: ImportProblem[]): ImportJob {
  return {
    id: row.id,
    fileName: row.file_name,
    state: row.state,
    summary: JSON.parse(row.summary) as ImportSummary,
    itemsTotal: Number(row.items_total),
    itemsDone: Number(row.items_done),
    rowsTotal: Number(row.rows_total),
    rowsDone: Number(row.rows_done),
    applyProblems,
    failure: row.failure,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/** An import with its progress, or null. */
export async function getImport(id: string): Promise<ImportJob | null> {
  const row = await db.selectFrom("imports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  // Only applying reports problems; a plan not started has none to look for.
  return toJob(row, row.state === "planned" || row.state === "discarded" ? [] : await applyProblemsOf(id));
}

/** The latest imports, newest first (their progress; the report of what applying found is getImport's). */
export async function listImports(limit = 10): Promise<ImportJob[]> {
  const rows = await db.selectFrom("imports").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => toJob(row, []));
}

/** Counts items by state, for tests and the bench. */
export async function itemStates(id: string): Promise<Record<"pending" | "done" | "failed", number>> {
  const rows = await db
    .selectFrom("import_items")
    .select(["state", sql<number>`count(*)`.as("n")])
    .where("import_id", "=", id)
    .groupBy("state")
    .execute();
  const counts = { pending: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}
