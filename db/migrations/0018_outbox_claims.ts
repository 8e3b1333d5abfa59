import type { Kysely } from "kysely";

// Several senders at once (issue 32): each message is claimed by one sender before it is sent.
// `claimed_by` names the sender; the claim's end is the message's `next_attempt_at`, which the
// sender pushes forward while it works, so a message whose sender died is due again once that
// term has run out (mail/outbox.server.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("claimed_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("claimed_by").execute();
}
