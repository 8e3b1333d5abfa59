import { data, Link, useLocation } from "react-router";
import { config } from "~/server/platform/config.server";
import { CloseLink, Modal } from "~/components/ui/modal";
import { formatDateTime } from "~/lib/orders";
import { IdSchema } from "~/lib/schemas/fields";
import { pageTitle } from "~/lib/shop-name";
import { withParam } from "~/lib/url";
import { getOutboxMessage, listOutbox, MAX_ATTEMPTS, type OutboxEntry } from "~/server/mail/outbox.server";

/** Where a message stands, in words. */
function state(m: OutboxEntry): string {
  // Without a mail server "sent" means written to DATA_DIR/mail: say so.
  if (m.sentAt) return `${config.smtpUrl ? "Sent" : "Written to the mail folder"} ${formatDateTime(m.sentAt)}`;
  if (m.attempts >= MAX_ATTEMPTS) return `Gave up after ${m.attempts} attempts`;
  return m.attempts ? `Waiting (attempt ${m.attempts} failed)` : "Waiting";
}
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Mail · Admin", matches) }];

// What the shop has sent, or would have (the demo writes mail to DATA_DIR/mail instead of an SMTP
// server): the newest 100 messages, and one opened with `?message=<id>` (works without JavaScript).
export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("message");
  const [messages, message] = await Promise.all([
    listOutbox(),
    id === null ? undefined : IdSchema.safeParse(id).success ? getOutboxMessage(id) : null,
  ]);
  return data(
    {
      messages: messages.map((m) => ({ ...m, state: state(m) })),
      message: message ? { ...message, state: state(message) } : message,
      smtp: Boolean(config.smtpUrl),
    },
    { status: message === null ? 404 : 200 },
  );
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { messages, message, smtp } = loaderData;
  const location = useLocation();
  return (
    <section aria-labelledby="mail-title" className="rounded-lg border border-gray-200 bg-white">
      <div className="border-b border-gray-200 p-4">
        <h1 id="mail-title" className="text-xl font-bold">
          Mail
        </h1>
        <p className="mt-1 text-sm text-gray-700">
          {smtp
            ? "E-mails the shop sends to shoppers, newest first."
            : "No mail server is set (SMTP_URL), so e-mails are not sent: each is kept here and written to DATA_DIR/mail as an .eml file, to show what shoppers would receive."}
        </p>
      </div>
      {messages.length ? (
        <ul className="divide-y divide-gray-100">
          {messages.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4 text-sm">
              <div className="min-w-0">
                <Link
                  to={withParam(location, "message", m.id)}
                  preventScrollReset
                  className="font-medium underline-offset-2 hover:underline"
                >
                  {m.subject}
                </Link>
                <p className="break-all text-gray-600">To {m.to}</p>
              </div>
              <span className="text-gray-600">{m.state}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="p-8 text-center text-gray-600">No e-mails yet.</p>
      )}
      {message !== undefined ? (
        <Modal
          closeHref={withParam(location, "message", null)}
          labelledBy="message-title"
          className="inset-0 m-auto max-h-[92vh] w-[min(44rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl"
        >
          <div className="relative space-y-4 p-5 sm:p-6">
            <CloseLink to={withParam(location, "message", null)} label="Close the message" />
            {message ? (
              <>
                <h2 id="message-title" className="pr-8 text-lg font-bold">
                  {message.subject}
                </h2>
                <dl className="space-y-1 text-sm">
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="font-medium">To</dt>
                    <dd className="break-all">{message.to}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="font-medium">Written</dt>
                    <dd>{formatDateTime(message.createdAt)}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2">
                    <dt className="font-medium">State</dt>
                    <dd>{message.state}</dd>
                  </div>
                  {message.lastError ? (
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="font-medium">Last error</dt>
                      <dd className="break-all">{message.lastError}</dd>
                    </div>
                  ) : null}
                </dl>
                <section aria-labelledby="message-text">
                  <h3 id="message-text" className="mb-1 text-sm font-semibold">
                    Plain text
                  </h3>
                  <pre className="whitespace-pre-wrap break-words rounded-md bg-gray-50 p-3 text-sm">{message.text}</pre>
                </section>
                <section aria-labelledby="message-html">
                  <h3 id="message-html" className="mb-1 text-sm font-semibold">
                    As an e-mail program shows it
                  </h3>
                  {/* The HTML part in a sandbox: no scripts, no forms, no navigation, nothing of this page. */}
                  <iframe
                    title="The message as HTML"
                    sandbox=""
                    srcDoc={message.html}
                    className="h-96 w-full rounded-md border border-gray-200"
                  />
                </section>
              </>
            ) : (
              <h2 id="message-title" className="text-lg font-bold">
                Message not found
              </h2>
            )}
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
