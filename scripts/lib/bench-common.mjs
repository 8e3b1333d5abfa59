// Shared by the parts of `npm run bench` (scripts/bench.mjs, scripts/lib/bench-against.mjs):
// starting a server and waiting for it, loading an address with autocannon, signing in, and
// stopping what was started when the bench is interrupted (Ctrl-C, SIGTERM).
import autocannon from "autocannon";
import { spawn } from "node:child_process";

// One worker is measured as server.mjs runs each of several workers (V8's garbage collector on
// the worker's own thread, a 128 MB heap), so that 1 and N workers compare like with like.
export const ONE_WORKER_FLAGS = ["--single-threaded-gc", "--max-old-space-size=128"];

/** What to undo when the bench is interrupted: servers to stop, folders to remove (run in order added, last first). */
const undo = new Set();
let trapped = false;

/** Registers a synchronous step for an interruption; returns a function that unregisters it. */
export function onInterrupt(step) {
  if (!trapped) {
    trapped = true;
    for (const signal of ["SIGINT", "SIGTERM"])
      process.once(signal, () => {
        console.error(`\n${signal}: stopping the bench's servers and removing its temporary folders`);
        for (const s of [...undo].reverse()) {
          try {
            s();
          } catch (error) {
            console.error(error.message);
          }
        }
        process.exit(130);
      });
  }
  undo.add(step);
  return () => undo.delete(step);
}

/** Waits until `url` answers (any status below 500); fails when the child exits first. */
export async function waitFor(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer ${url}`);
}

/**
 * Starts `node [nodeFlags] script` in `cwd` on 127.0.0.1:port (its output ignored, or to stderr
 * with BENCH_SERVER_LOGS=1), optionally under a command prefix (`taskset -c 0`), and waits until
 * `ready` answers (`spawned(child)` is called before that). Returns the child and `stop()`, which
 * ends it and waits for it.
 */
export async function startServer({ cwd, script, env, port, ready, nodeFlags = [], prefix = [], spawned = () => {} }) {
  const command = [...prefix, process.execPath, ...nodeFlags, script];
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", process.env.BENCH_SERVER_LOGS ? "inherit" : "ignore"],
  });
  spawned(child);
  const exited = new Promise((r) => child.once("exit", r));
  const forget = onInterrupt(() => child.exitCode === null && child.kill("SIGTERM"));
  const stop = async () => {
    forget();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  try {
    await waitFor(`http://127.0.0.1:${port}${ready}`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop };
}

/** Loads `url` for `seconds` with autocannon in this process: req/s (average), median latency, errors. */
export function cannon(url, { cookie, seconds, connections }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers: cookie ? { cookie } : {} }, (err, r) =>
      err ? reject(err) : resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, errors: r.errors + r.non2xx }),
    );
  });
}

/** The demo shopper signed in through the API on `origin`: the cookie header. */
export async function signIn(origin) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: "shopper@example.com", password: "shopper-demo-123" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!login.ok || !cookie) throw new Error(`could not sign in as the demo shopper on ${origin} (${login.status})`);
  return cookie;
}

/** The first product of the listing that has more than one variant (its page lists them all). */
export async function benchProduct(origin, cookie) {
  const answer = await fetch(`${origin}/api/shop/products/get?limit=24`, { headers: { cookie } });
  const { data } = await answer.json();
  return data.find((p) => p.variants.length > 1) ?? data[0];
}
