// One refusal for every service (issue 39): a rule that says no throws it inside the transaction,
// so that everything written before rolls back, and the service turns it into its answer where the
// work began (`caughtRefusal`). Anything else thrown goes on as the error it is.

/** The statuses a refusal answers with on /api: bad input, not found, or not now. */
export type RefusalStatus = 400 | 404 | 409;

/** A rule said no: the status, the message people read, and what the caller needs to say more. */
export class Refusal<Detail = undefined> extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
    readonly detail: Detail = undefined as Detail,
  ) {
    super(message);
    this.name = "Refusal";
  }

  /** The answer services give for it. */
  get answer(): { ok: false; status: RefusalStatus; message: string } {
    return { ok: false, status: this.status, message: this.message };
  }
}

/**
 * The Refusal `error` is (with the detail its thrower gave), or `error` thrown on. With `expected`,
 * only a refusal it recognises (by its detail, say) is caught; any other goes on too, so a catch
 * never mistakes another rule's refusal for its own.
 */
export function caughtRefusal<Detail = undefined>(error: unknown, expected?: (refusal: Refusal<unknown>) => boolean): Refusal<Detail> {
  if (error instanceof Refusal && (!expected || expected(error))) return error as Refusal<Detail>;
  throw error;
}
