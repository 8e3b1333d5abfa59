import http from "node:http";
import type { AddressInfo } from "node:net";
import { simApi } from "~/server/paypal-sim/simulator.server";
import type { Exchange } from "./check";

// The shop's PayPal simulator served over real HTTP for a test that runs without the shop's server
// (vitest), recording every exchange as it crossed the wire: what the SDK sent, what the simulator
// answered. The test points the shop's PayPal client here (PAYPAL_SIMULATOR_URL) and checks the
// recording against PayPal's OpenAPI files (check.ts).

export type RecordingSimulator = { url: string; exchanges: Exchange[]; close: () => Promise<void> };

const PREFIX = "/paypal-sim";

function parse(text: string, contentType: string | undefined): unknown {
  if (!text) return undefined;
  if (!contentType?.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startRecordingSimulator(): Promise<RecordingSimulator> {
  const exchanges: Exchange[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
        const path = url.pathname.startsWith(`${PREFIX}/`) ? url.pathname.slice(PREFIX.length) : url.pathname;
        const request = new Request(url, { method: req.method, headers, body: text && req.method !== "GET" ? text : undefined });
        const answer = await simApi(request, path.slice(1)).catch((error: unknown) =>
          Response.json({ crashed: String(error) }, { status: 500 }),
        );
        const answerText = await answer.text();
        exchanges.push({
          method: req.method ?? "GET",
          path,
          requestHeaders: headers,
          requestBody: parse(text, headers["content-type"]) ?? (text ? text : undefined),
          status: answer.status,
          responseBody: parse(answerText, answer.headers.get("content-type") ?? undefined),
        });
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(answerText);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    exchanges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
