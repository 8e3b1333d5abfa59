import { describe, expect, it } from "vitest";
import { estimatedDelivery } from "./orders";
import { OrderStatusSchema } from "./schemas/orders";
import { parcelText, trackingUrl } from "./tracking";

// Issue 48: the parcel as the owner types it (points 20) and the one delivery estimate (point 3).

describe("the parcel's fields", () => {
  const parse = (fields: Record<string, unknown>) => OrderStatusSchema.safeParse({ orderStatus: "inShipping", ...fields });

  it("tidy what the owner typed: a known carrier in its own spelling, a number without spaces, in capitals", () => {
    const parsed = parse({ carrier: "  royal   mail ", trackingNumber: " ab 1234 5678 9gb " });
    expect(parsed.success && parsed.data).toMatchObject({ carrier: "Royal Mail", trackingNumber: "AB123456789GB" });
    const other = parse({ carrier: "La Poste (Colissimo)", trackingNumber: "" });
    expect(other.success && other.data).toMatchObject({ carrier: "La Poste (Colissimo)", trackingNumber: "" });
  });

  it("refuse what no carrier or number holds: markup, links, too long, too short", () => {
    const message = (fields: Record<string, unknown>) => {
      const parsed = parse(fields);
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(message({ carrier: "<script>" })).toBe("Carrier may contain only letters, digits, spaces and & . ' ( ) -");
    expect(message({ carrier: "https://evil.example" })).toBe("Carrier may contain only letters, digits, spaces and & . ' ( ) -");
    expect(message({ carrier: "x".repeat(41) })).toBe("Carrier must be at most 40 characters");
    expect(message({ trackingNumber: "1Z99/../x" })).toBe("Tracking number may contain only letters, digits, spaces and hyphens");
    expect(message({ trackingNumber: "12" })).toBe("Tracking number must be 4 to 40 characters");
    expect(message({ trackingNumber: "1".repeat(41) })).toBe("Tracking number must be 4 to 40 characters");
    expect(message({ trackingNumber: 12345 })).toBe("Tracking number may contain only letters, digits, spaces and hyphens");
  });

  it("link the common carriers' tracking pages and leave others as text", () => {
    expect(trackingUrl({ carrier: "FedEx", trackingNumber: "123456789012" })).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
    expect(trackingUrl({ carrier: "USPS", trackingNumber: "9400100000000000000000" })).toContain("tLabels=9400100000000000000000");
    expect(trackingUrl({ carrier: "DHL", trackingNumber: "JD0123" })).toContain("tracking-id=JD0123");
    expect(trackingUrl({ carrier: "Speedy", trackingNumber: "SP1234" })).toBeNull();
    expect(trackingUrl({ carrier: "UPS", trackingNumber: "" })).toBeNull();
    expect(parcelText({ carrier: "Royal Mail", trackingNumber: "" })).toBe("Sent with Royal Mail");
    expect(parcelText({ carrier: "", trackingNumber: "" })).toBeNull();
  });
});

describe("the order details' delivery estimate", () => {
  const express = { name: "Express", estimate: "Next day" };

  it("is the method's own where it gave one, for every status on the way", () => {
    for (const status of ["confirmed", "inProcess", "inShipping"])
      expect(estimatedDelivery(status, express)).toBe("Estimated delivery: Next day (Express)");
    expect(estimatedDelivery("delivered", express)).toBe("Your order has been delivered");
  });

  it("keeps SPEC's words without one, and never says 'Pending confirmation' once the order is in shipping", () => {
    const spec = "Your order will be delivered within 3-5 business days";
    expect(estimatedDelivery("confirmed")).toBe(spec);
    expect(estimatedDelivery("delivered", { name: "Standard", estimate: "" })).toBe(spec);
    expect(estimatedDelivery("inShipping")).toBe(spec);
    expect(estimatedDelivery("pending")).toBe("Pending confirmation - Delivery estimate will be available once confirmed");
    expect(estimatedDelivery("rejected", express)).toBe("This order has been cancelled or rejected");
  });
});
