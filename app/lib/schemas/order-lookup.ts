import * as z from "zod/mini";
import { ORDER_NUMBER_INVALID } from "~/lib/messages/guest-orders";
import { email, preprocess } from "./fields";

// The look-up of a guest's order (issue 51): its number as the e-mails write it (#1001) or bare
// (1001), and the e-mail address it was placed with. The same schema for the page's form and /api.

const number = preprocess(
  (v) => {
    if (typeof v === "number") return v;
    if (typeof v !== "string") return v;
    const digits = /^\s*#?\s*(\d{1,12})\s*$/.exec(v);
    return digits ? Number(digits[1]) : v.trim() === "" ? undefined : NaN;
  },
  z.number({ error: ORDER_NUMBER_INVALID }).check(z.refine((v) => Number.isSafeInteger(v) && v > 0, ORDER_NUMBER_INVALID)),
);

export const OrderLookupSchema = z.object({ number, email });
export type OrderLookupInput = z.infer<typeof OrderLookupSchema>;
