// What anyone reads when a request itself cannot be handled (an unreadable or oversized body).

export const BODY_TOO_LARGE = "The request body is too large.";
export const NOT_A_FORM = "Send the form as application/x-www-form-urlencoded or multipart/form-data.";
/** A form posted with an intent (button) this page does not have. */
export const UNKNOWN_ACTION = "Unknown action";
export const UNREADABLE_FORM = "The form data could not be read.";

/** A request that ran into the database's lock, statement or idle limits (503, page or /api). */
export const SHOP_BUSY = "The shop is busy, please try again";
