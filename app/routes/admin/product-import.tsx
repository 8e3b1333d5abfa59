import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import {
  ImportProgress,
  ImportReport,
  ImportStateBadge,
  ProblemsTable,
  productsToImport,
  RecentImports,
} from "~/components/admin/import-report";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { useSchemaForm } from "~/lib/form";
import type { ImportJob } from "~/lib/product-import";
import { IdSchema } from "~/lib/schemas/fields";
import { ImportFileSchema, importTooLarge, MAX_IMPORT_BYTES } from "~/lib/schemas/product-import";
import { pageTitle } from "~/lib/shop-name";
import { signedInUser } from "~/server/accounts/session.server";
import { createImport, discardImport, getImport, listImports, startImport } from "~/server/admin/import/jobs.server";
import { parseFormBody, parseFormWith, UnreadableBody } from "~/server/platform/form.server";
import type { Route } from "./+types/product-import";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.job ? `Import of ${loaderData.job.fileName} · Admin` : "Import products · Admin", matches) },
];

/** The file and the form's other fields. */
const MAX_IMPORT_FORM_BYTES = MAX_IMPORT_BYTES + 512 * 1024;
/**
 * The server's door for this page: above the form's limit the action answers with the file's size
 * beside the field without reading the body; only beyond this is it the bare "Request too large".
 */
export const handle = { maxBodyBytes: 100 * 1024 * 1024 };

// The owner's import (issue 50, decision 0072): `/admin/products/import` takes a file and checks it
// (the dry run: nothing changes); `/admin/products/import/:id` shows that report with "Import N
// products" and "Discard", then the import's progress, which refreshes itself: with JavaScript by
// revalidating, without it by the page's own refresh.
export async function loader({ params }: Route.LoaderArgs) {
  const [job, recent] = await Promise.all([params.id ? findImport(params.id) : null, listImports(10)]);
  return { job, recent };
}

async function findImport(rawId: string): Promise<ImportJob> {
  const id = IdSchema.safeParse(rawId);
  const job = id.success ? await getImport(id.data) : null;
  if (!job) throw data("Import not found", { status: 404 });
  return job;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  // A file over the limit is refused by its declared size, before its bytes are read.
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_IMPORT_FORM_BYTES) return fileRefused(importTooLarge(declared), 413);
  let formData: FormData;
  try {
    formData = await parseFormBody(request, MAX_IMPORT_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    return fileRefused(error.status === 413 ? importTooLarge(declared) : error.message, error.status);
  }
  const intent = String(formData.get("intent") ?? "check");

  if (intent === "start" || intent === "discard") {
    const id = IdSchema.safeParse(params.id);
    if (!id.success) return redirectWithError("/admin/products/import", "Import not found");
    const here = `/admin/products/import/${id.data}`;
    if (intent === "start") {
      const started = await startImport(id.data);
      return started.ok ? redirectWithSuccess(here, "Import started") : redirectWithError(here, started.message);
    }
    const discarded = await discardImport(id.data);
    return discarded.ok
      ? redirectWithSuccess("/admin/products/import", "Import discarded: nothing was changed")
      : redirectWithError(here, discarded.message);
  }

  const submission = parseFormWith(formData, ImportFileSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const file = submission.value.file;
  const created = await createImport({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, user.id);
  if (!created.ok) return data(submission.reply({ fieldErrors: { file: [created.message] } }), { status: created.status });
  return redirect(`/admin/products/import/${created.job.id}`);
}

/** The form again with `message` beside its file field. */
function fileRefused(message: string, status: number) {
  return data(parseFormWith(new FormData(), ImportFileSchema).reply({ fieldErrors: { file: [message] } }), { status });
}

export default function AdminProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const { job, recent } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-extrabold">{job ? `Import of ${job.fileName}` : "Import products"}</h1>
        <Link to={job ? "/admin/products/import" : "/admin/products"} className={buttonClass({ variant: "outline" })}>
          {job ? "All imports" : "Back to products"}
        </Link>
      </div>
      {job ? <ImportPage key={job.id} job={job} /> : <FileForm lastResult={actionData} />}
      <section aria-labelledby="recent-imports-title" className="rounded-lg border border-gray-200 bg-white">
        <h2 id="recent-imports-title" className="border-b border-gray-200 p-4 text-lg font-bold">
          Recent imports
        </h2>
        <RecentImports imports={recent} />
      </section>
    </div>
  );
}

function FileForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useSchemaForm(ImportFileSchema, { id: "import-file", lastResult, validateOn: "onSubmit" });
  return (
    <section aria-labelledby="import-file-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="import-file-title" className="text-lg font-bold">
        Check a file
      </h2>
      <p className="max-w-2xl text-sm text-gray-700">
        A CSV in Shopify's product format (the one Shopify, WooCommerce and most shop platforms export, and this shop's Export CSV), or a
        ZIP of the CSV and its photos, named in Image Src by file name. Checking changes nothing: you see what the import would do first,
        then import or discard it. At most {MAX_IMPORT_BYTES / (1024 * 1024)} MB.
      </p>
      <Form method="post" action="/admin/products/import" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="check" />
        <div className="space-y-1">
          <label htmlFor={fields.file.id} className="block text-sm font-medium text-gray-800">
            Product file (.csv or .zip)
          </label>
          <input
            {...getInputProps(fields.file, { type: "file" })}
            accept=".csv,.zip,text/csv,application/zip"
            className="block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:font-medium"
          />
          <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
        </div>
        <Button type="submit">Check the file</Button>
      </Form>
    </section>
  );
}

function ImportPage({ job }: { job: ImportJob }) {
  const working = job.state === "queued" || job.state === "running";
  useRevalidateEverySecond(working);
  const count = productsToImport(job.summary);
  return (
    <section aria-labelledby="import-title" className="space-y-6 rounded-lg border border-gray-200 bg-white p-4">
      {/* Without JavaScript the page reloads itself while the import works (a noscript's meta is
          read only when scripts are off; with them, the revalidation above does it). */}
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="import-title" className="text-lg font-bold">
          {job.state === "planned" ? "What importing this file would do" : "The import"}
        </h2>
        <ImportStateBadge state={job.state} />
      </div>

      {job.state === "planned" ? (
        <>
          <ImportReport summary={job.summary} />
          <ProblemsTable problems={job.summary.problems} total={job.summary.problemsTotal} title="Problems found" />
          {job.summary.errors ? <p className="text-sm text-gray-700">Rows with errors are skipped; everything else goes in.</p> : null}
          <div className="flex flex-wrap gap-2">
            {count ? (
              <Form method="post">
                <Button type="submit" name="intent" value="start">
                  Import {count} {count === 1 ? "product" : "products"}
                </Button>
              </Form>
            ) : (
              <p className="self-center text-sm font-medium">Nothing to import: every product is unchanged or skipped.</p>
            )}
            <Form method="post">
              <Button type="submit" name="intent" value="discard" variant="outline">
                Discard
              </Button>
            </Form>
          </div>
        </>
      ) : null}

      {job.state === "discarded" ? <p className="text-sm">This import was discarded: nothing of it was written.</p> : null}

      {working || job.state === "done" || job.state === "failed" ? (
        <>
          <ImportProgress job={job} />
          {job.state === "failed" ? (
            <p role="alert" className="text-sm text-red-800">
              The import stopped: {job.failure ?? "for a reason it did not say"}. The products counted above are in; the rest are not.
            </p>
          ) : null}
          {job.state === "done" ? (
            <p className="text-sm">
              Done: {job.itemsDone} {job.itemsDone === 1 ? "product" : "products"} imported ({job.summary.products.create} new,{" "}
              {job.summary.products.update} updated).{" "}
              <Link to="/admin/products" className="font-medium text-blue-700 underline">
                See the products
              </Link>
            </p>
          ) : null}
          <ProblemsTable problems={job.applyProblems} total={job.applyProblems.length} title="Problems while importing" />
          {job.summary.problemsTotal ? (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Problems the check found ({job.summary.problemsTotal})</summary>
              <div className="mt-2">
                <ProblemsTable problems={job.summary.problems} total={job.summary.problemsTotal} title="Problems found" />
              </div>
            </details>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** With JavaScript, the page's data again a second after it last came, while `active`. */
function useRevalidateEverySecond(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active || revalidator.state !== "idle") return;
    const timer = setTimeout(() => void revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [active, revalidator]);
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
