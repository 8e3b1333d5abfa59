import { describe, expect, it } from "vitest";
import { db } from "~/server/database/db.server";
import { hit, limitAuthAttempt } from "./rate-limit.server";

describe("rate limits", () => {
  it("allows N hits a window, then says when to retry, then allows again", async () => {
    for (let i = 0; i < 3; i++) expect(await hit("k", 3, 60_000, 1_000)).toEqual({ ok: true });
    expect(await hit("k", 3, 60_000, 31_000)).toEqual({ ok: false, retryAfterSeconds: 30 });
    expect(await hit("k", 3, 60_000, 61_001)).toEqual({ ok: true });
  });

  it("keeps the counts in the database, where every server process sees them", async () => {
    await hit("shared", 5, 60_000, 1_000);
    await hit("shared", 5, 60_000, 2_000);
    expect(await db.selectFrom("rate_limits").select(["count", "reset_at"]).where("key", "=", "shared").executeTakeFirst()).toEqual({
      count: 2,
      reset_at: 61_000,
    });
  });

  it("counts attempts made at the same moment one by one", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hit("burst", 10, 60_000, 5_000)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });

  it("limits login per address and per account", async () => {
    for (let i = 0; i < 10; i++) expect((await limitAuthAttempt("login", "10.0.0.1", `user${i}@example.com`)).ok).toBe(true);
    expect((await limitAuthAttempt("login", "10.0.0.1", "fresh@example.com")).ok).toBe(false);
    for (let i = 0; i < 10; i++) expect((await limitAuthAttempt("login", `10.0.1.${i}`, "Target@Example.com")).ok).toBe(true);
    expect((await limitAuthAttempt("login", "10.0.2.1", "target@example.com")).ok).toBe(false);
    expect((await limitAuthAttempt("register", "10.0.0.1", "other@example.com")).ok).toBe(true);
  });
});
