import { describe, expect, it } from "vitest";
import { hit, limitAuthAttempt } from "./rate-limit.server";

describe("rate limits", () => {
  it("allows N hits a window, then says when to retry, then allows again", () => {
    for (let i = 0; i < 3; i++) expect(hit("k", 3, 60_000, 1_000)).toEqual({ ok: true });
    expect(hit("k", 3, 60_000, 31_000)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(hit("k", 3, 60_000, 61_001)).toEqual({ ok: true });
  });

  it("limits login per address and per account", () => {
    for (let i = 0; i < 10; i++) expect(limitAuthAttempt("login", "10.0.0.1", `user${i}@example.com`).ok).toBe(true);
    expect(limitAuthAttempt("login", "10.0.0.1", "fresh@example.com").ok).toBe(false);
    for (let i = 0; i < 10; i++) expect(limitAuthAttempt("login", `10.0.1.${i}`, "Target@Example.com").ok).toBe(true);
    expect(limitAuthAttempt("login", "10.0.2.1", "target@example.com").ok).toBe(false);
    expect(limitAuthAttempt("register", "10.0.0.1", "other@example.com").ok).toBe(true);
  });
});
