import { Link } from "react-router";
import { problemText, type ImportJob, type ImportProblem, type ImportState, type ImportSummary } from "~/lib/product-import";
import { formatDate } from "~/lib/orders";

// The parts of the owner's import page (routes/admin/product-import.tsx): the dry run's report, the
// progress of an import under way, the problems of either, and the list of recent imports.

/** How many problems the page lists; the rest are counted ("and 120 more"). */
export const PROBLEMS_SHOWN = 100;

const STATE_LABELS: Record<ImportState, { label: string; className: string }> = {
  planned: { label: "Checked, not imported", className: "bg-amber-100 text-amber-900" },
  queued: { label: "Waiting to start", className: "bg-blue-100 text-blue-900" },
  running: { label: "Importing", className: "bg-blue-100 text-blue-900" },
  done: { label: "Done", className: "bg-green-100 text-green-800" },
  failed: { label: "Stopped", className: "bg-red-100 text-red-800" },
  discarded: { label: "Discarded", className: "bg-gray-200 text-gray-800" },
};

export function ImportStateBadge({ state }: { state: ImportState }) {
  const { label, className } = STATE_LABELS[state];
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${className}`} data-import-state={state}>
      {label}
    </span>
  );
}

/** The products a start would write: those to create and to update. */
export const productsToImport = (summary: ImportSummary) => summary.products.create + summary.products.update;

/** The dry run's counts, what it would add to the catalogue, the columns it ignores. */
export function ImportReport({ summary }: { summary: ImportSummary }) {
  const figures: [string, number][] = [
    ["To create", summary.products.create],
    ["To update", summary.products.update],
    ["Unchanged", summary.products.unchanged],
    ["Skipped", summary.products.skipped],
    ["Variants", summary.variants],
    ["Photos", summary.photos],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        {summary.rows} {summary.rows === 1 ? "row" : "rows"} read from {summary.fileName}
        {summary.format === "zip" ? " (a ZIP with its photos)" : ""}.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-counts">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-gray-200 p-3">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="text-2xl font-bold" data-count={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {summary.categoriesToCreate.length || summary.brandsToCreate.length || summary.ignoredColumns.length ? (
        <dl className="space-y-2 text-sm">
          {summary.categoriesToCreate.length ? (
            <Listed label="Categories to create" items={summary.categoriesToCreate.map((c) => c.path.join(" > "))} />
          ) : null}
          {summary.brandsToCreate.length ? <Listed label="Brands to create" items={summary.brandsToCreate} /> : null}
          {summary.ignoredColumns.length ? <Listed label="Columns not imported" items={summary.ignoredColumns} /> : null}
        </dl>
      ) : null}
    </div>
  );
}

function Listed({ label, items }: { label: string; items: string[] }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{label}:</dt>
      <dd className="min-w-0 break-words">{items.join(", ")}</dd>
    </div>
  );
}

/**
 * Problems, errors first (as the plan orders them), at most PROBLEMS_SHOWN; `total` counts every
 * one, reported or not. On a phone each is a line of text rather than a table row.
 */
export function ProblemsTable({ problems, total, title }: { problems: ImportProblem[]; total: number; title: string }) {
  if (!total) return null;
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  const more = total - shown.length;
  const titleId = `problems-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h2 id={titleId} className="text-lg font-bold">
        {title} ({total})
      </h2>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm" data-testid="import-problems">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="p-2">
                Line
              </th>
              <th scope="col" className="p-2">
                Column
              </th>
              <th scope="col" className="p-2">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((problem, i) => (
              <tr key={i} className="border-t border-gray-100 align-top">
                <td className="whitespace-nowrap p-2">{problem.line ?? "–"}</td>
                <td className="p-2">{problem.column ?? "–"}</td>
                <td className="p-2">
                  <Severity problem={problem} /> {problem.message}
                  {problem.handle ? <span className="text-gray-600"> ({problem.handle})</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-2 text-sm sm:hidden">
        {shown.map((problem, i) => (
          <li key={i} className="break-words">
            <Severity problem={problem} /> {problemText(problem)}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-sm text-gray-700">and {more} more.</p> : null}
    </section>
  );
}

function Severity({ problem }: { problem: ImportProblem }) {
  return problem.severity === "error" ? (
    <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800">Error</span>
  ) : (
    <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">Warning</span>
  );
}

const STAGE: Record<ImportState, string> = {
  planned: "Not started:",
  queued: "Waiting to start:",
  running: "Importing:",
  done: "Imported:",
  failed: "Stopped after",
  discarded: "Discarded:",
};

/** An import under way or finished: products and rows done, as a bar and in words. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const percent = job.itemsTotal ? Math.floor((job.itemsDone / job.itemsTotal) * 100) : 100;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <label htmlFor="import-progress-bar" className="block text-sm font-medium">
        {STAGE[job.state]} {job.itemsDone} of {job.itemsTotal} products ({percent}%)
      </label>
      <progress id="import-progress-bar" value={job.itemsDone} max={Math.max(job.itemsTotal, 1)} className="h-3 w-full">
        {percent}%
      </progress>
      <p className="text-sm text-gray-700">
        {job.rowsDone} of {job.rowsTotal} rows of the file are in.
      </p>
    </div>
  );
}

/** The latest imports with their state, each a link to its page. */
export function RecentImports({ imports }: { imports: ImportJob[] }) {
  if (!imports.length) return <p className="p-4 text-sm text-gray-600">No imports yet.</p>;
  return (
    <ul className="divide-y divide-gray-100" data-testid="recent-imports">
      {imports.map((job) => (
        <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <div className="min-w-0">
            <Link
              to={`/admin/products/import/${job.id}`}
              className="break-all font-medium text-blue-700 underline-offset-2 hover:underline"
            >
              {job.fileName}
            </Link>
            <p className="text-sm text-gray-600">
              {formatDate(job.createdAt)} · {job.itemsDone} of {job.itemsTotal} products
            </p>
          </div>
          <ImportStateBadge state={job.state} />
        </li>
      ))}
    </ul>
  );
}
