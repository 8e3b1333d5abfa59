import type * as PayPal from "~/server/payments/paypal.server";

// Test support: a stand-in for PayPal's refunds that behaves as PayPal does where the refund rules
// care. It refunds a capture at most its amount (422 REFUND_AMOUNT_EXCEEDED beyond), answers a
// repeated PayPal-Request-Id with its stored answer, may leave a refund PENDING, may be
// unreachable, and may make a refund and then lose the answer. The simulator and the SDK path are
// tested over HTTP (paypal-contract.test.ts, tests/e2e/refunds.http.spec.ts). Use it with
//   vi.mock("~/server/payments/paypal.server", async (real) => (await import("#tests/support/paypal-stand-in")).withRefundStandIn(await real()));

export const standIn = {
  captures: new Map<string, { amountCents: number; refundedCents: number }>(),
  answers: new Map<string, { id: string; status: string }>(),
  refunds: new Map<string, { id: string; status: string }>(),
  calls: [] as Array<{ captureId: string; requestId: string; cents: number }>,
  mode: "ok" as "ok" | "pending" | "down" | "lose",
};

export function withRefundStandIn(real: typeof PayPal): typeof PayPal {
  return {
    ...real,
    refundCapture: async (captureId: string, refundRowId: string, cents: number) => {
      const requestId = `refund-${refundRowId}`;
      standIn.calls.push({ captureId, requestId, cents });
      if (standIn.mode === "down") throw new Error("connect ECONNREFUSED");
      const stored = standIn.answers.get(requestId);
      if (stored) return { ...standIn.refunds.get(stored.id)! };
      const capture = standIn.captures.get(captureId)!;
      if (capture.refundedCents + cents > capture.amountCents) {
        throw new real.PayPalError("PayPal answered 422: REFUND_AMOUNT_EXCEEDED", { status: 422, issue: "REFUND_AMOUNT_EXCEEDED" });
      }
      capture.refundedCents += cents;
      const refund = { id: `REF${standIn.refunds.size + 1}`, status: standIn.mode === "pending" ? "PENDING" : "COMPLETED" };
      standIn.refunds.set(refund.id, refund);
      standIn.answers.set(requestId, refund);
      if (standIn.mode === "lose") {
        standIn.mode = "down";
        throw new Error("socket hang up");
      }
      return { ...refund };
    },
    getRefund: async (id: string) => {
      if (standIn.mode === "down") throw new Error("connect ECONNREFUSED");
      return { ...standIn.refunds.get(id)! };
    },
  };
}
