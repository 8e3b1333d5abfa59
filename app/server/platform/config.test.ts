import { afterEach, describe, expect, it } from "vitest";
import { config, reloadSettings, settingsProblem } from "./config.server";

// The settings as the shop reads them: one schema, parsed once, a bad value named in one line.
const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  reloadSettings();
});

const withEnv = (env: Record<string, string>) => {
  Object.assign(process.env, env);
  reloadSettings();
};

describe("settings", () => {
  it("defaults where nothing is set, and an empty value counts as unset", () => {
    withEnv({ DATABASE_POOL_SIZE: "", PORT: " ", SHOP_NAME: "  Corner\u0007 Shop  " });
    expect(settingsProblem()).toBeNull();
    expect([config.databasePoolSize, config.port, config.authAttemptsPerMinute, config.logLevel]).toEqual([10, 3000, 10, "info"]);
    expect(config.shopName).toBe("Corner Shop");
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("the shop's contact address: the demo admin's unless SHOP_CONTACT_EMAIL is set", () => {
    withEnv({ SHOP_CONTACT_EMAIL: " " });
    expect(config.contactEmail).toBe("admin@example.com");
    withEnv({ SHOP_CONTACT_EMAIL: " orders@shop.example.com " });
    expect(config.contactEmail).toBe("orders@shop.example.com");
  });

  it("PostgreSQL's session limits: defaults, and as set", () => {
    for (const name of ["PG_LOCK_TIMEOUT_MS", "PG_STATEMENT_TIMEOUT_MS", "PG_IDLE_IN_TRANSACTION_TIMEOUT_MS"]) {
      delete process.env[name];
    }
    reloadSettings();
    expect(config.pgSessionLimits).toEqual({ lockTimeoutMs: 5_000, statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 });
    withEnv({
      PG_LOCK_TIMEOUT_MS: "250",
      PG_STATEMENT_TIMEOUT_MS: "0",
      PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: "9000",
    });
    expect(config.pgSessionLimits).toEqual({ lockTimeoutMs: 250, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 9_000 });
  });

  it.each([
    [{ DATABASE_POOL_SIZE: "ten" }, "DATABASE_POOL_SIZE must be a whole number."],
    [{ PG_LOCK_TIMEOUT_MS: "5s" }, "PG_LOCK_TIMEOUT_MS must be a whole number."],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE must be at least 1."],
    [{ PORT: "70000" }, "PORT must be at most 65535."],
    [{ PAYPAL_MODE: "production" }, "PAYPAL_MODE must be simulator, sandbox or live."],
    [{ DEMO_MODE: "yes" }, "DEMO_MODE must be 0 or 1."],
    [{ PUBLIC_URL: "shop.example.com" }, "PUBLIC_URL must be a URL such as https://shop.example.com."],
    [
      { TRUSTED_ORIGINS: "https://a.example.com, not a url" },
      "TRUSTED_ORIGINS must be a comma-separated list of addresses such as https://app.example.com.",
    ],
    [{ DATABASE_URL: "mysql://u:p@h/db" }, "DATABASE_URL must start with postgres://"],
    [{ SHOP_CONTACT_EMAIL: "the owner" }, "SHOP_CONTACT_EMAIL must be an e-mail address such as orders@shop.example.com."],
    [
      { IMPORT_ALLOW_HOSTS: "127.0.0.1:8080, http://photos.internal/" },
      "IMPORT_ALLOW_HOSTS must be a comma-separated list of hosts such as 127.0.0.1:8080 or photos.internal.",
    ],
  ])("refuses %j, naming the variable", (env, message) => {
    withEnv(env);
    expect(settingsProblem()).toContain(message);
    expect(() => config.port).toThrow(message);
  });

  it("IMPORT_ALLOW_HOSTS: hosts, with a port or on any port (IPv6 in brackets)", () => {
    withEnv({ IMPORT_ALLOW_HOSTS: " 127.0.0.1:8080, Photos.Internal ,[::1]:9000," });
    expect(config.importAllowHosts).toEqual([
      { host: "127.0.0.1", port: 8080 },
      { host: "photos.internal", port: null },
      { host: "::1", port: 9000 },
    ]);
    withEnv({ IMPORT_ALLOW_HOSTS: "" });
    expect(config.importAllowHosts).toEqual([]);
  });

  it("is read once: a change to the environment counts only when the settings are read again", () => {
    withEnv({ AUTH_ATTEMPTS_PER_MINUTE: "25" });
    expect(config.authAttemptsPerMinute).toBe(25);
    process.env.AUTH_ATTEMPTS_PER_MINUTE = "26";
    expect(config.authAttemptsPerMinute).toBe(25);
    reloadSettings();
    expect(config.authAttemptsPerMinute).toBe(26);
  });
});
