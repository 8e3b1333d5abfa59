import dns from "node:dns";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { config } from "~/server/platform/config.server";

// The one guarded fetcher of the import's `Image Src` addresses (decision 0072). Every connection
// goes through request-filtering-agent, which checks the address a name resolved to at the moment
// of connecting (so a name that resolves to a public address for a check and a private one for the
// connection, DNS rebinding, is still refused); redirects are followed here, each one checked again.

export type FetchedPhoto = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

export type FetchPhotoOptions = {
  /** The whole fetch, redirects included (10 s). */
  timeoutMs?: number;
  /** The largest answer taken (5 MB). */
  maxBytes?: number;
};

export const PHOTO_FETCH_TIMEOUT_MS = 10_000;
export const MAX_FETCHED_PHOTO_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** Cloud metadata services: refused even when IMPORT_ALLOW_HOSTS names them. */
const METADATA_ADDRESSES = ["169.254.169.254", "fd00:ec2::254"];
const METADATA_HOSTS = ["metadata.google.internal", "metadata.goog"];

/**
 * Never fetched, even from a host IMPORT_ALLOW_HOSTS names: all of link-local 169.254.0.0/16, where
 * metadata services answer, however it is written (Node's BlockList matches ::ffff:169.254.x.x too),
 * and the IPv6 forms that lead to it (IPv4-compatible ::a9fe:a9fe, NAT64, 6to4).
 */
const NEVER = new net.BlockList();
NEVER.addSubnet("169.254.0.0", 16, "ipv4");
NEVER.addAddress("fd00:ec2::254", "ipv6");
NEVER.addSubnet("::a9fe:0", 112, "ipv6");
NEVER.addSubnet("64:ff9b::a9fe:0", 112, "ipv6");
NEVER.addSubnet("2002:a9fe::", 32, "ipv6");

/**
 * Private ranges request-filtering-agent's ipaddr.js takes for public ones: IPv4-compatible IPv6
 * (::/96, e.g. [::127.0.0.1]) and the old site-local fec0::/10. Refused unless allowed, like any
 * private address. (::1 is in ::/96 but is loopback, which the agent already refuses.)
 */
const ALSO_PRIVATE = new net.BlockList();
ALSO_PRIVATE.addSubnet("::", 96, "ipv6");
ALSO_PRIVATE.addSubnet("fec0::", 10, "ipv6");

/** Why an address is never fetched, or null. */
function never(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0 || !NEVER.check(address, family === 4 ? "ipv4" : "ipv6")) return null;
  return METADATA_ADDRESSES.includes(address) || address === "::ffff:a9fe:a9fe" || address === "::ffff:169.254.169.254"
    ? `${address} is a cloud metadata address`
    : `${address} is a link-local address (where cloud metadata services answer)`;
}

/** An address the agent would let through although it is private. */
function alsoPrivate(address: string): boolean {
  return net.isIP(address) === 6 && address !== "::1" && ALSO_PRIVATE.check(address, "ipv6");
}

/** Why this address may not be reached for this request (its allowed addresses given), or null. */
function refusedAddress(address: string, allowed: readonly string[]): string | null {
  const why = never(address);
  if (why) return why;
  if (alsoPrivate(address) && !allowed.includes(address)) return `${address} is a private address`;
  return null;
}

class Refused extends Error {}

/**
 * A photo's bytes from an http or https address, with limits: no private, loopback, link-local or
 * cloud metadata address (unless IMPORT_ALLOW_HOSTS names the host), at most 5 MB, 10 s, at most
 * 3 redirects, a 200 answer that is not a web page. Never throws: a refusal is a message the owner
 * understands ("could not fetch https://x/y.jpg: the server answered 404").
 */
export async function fetchPhoto(url: string, options: FetchPhotoOptions = {}): Promise<FetchedPhoto> {
  const timeoutMs = options.timeoutMs ?? PHOTO_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_FETCHED_PHOTO_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const failed = (reason: string): FetchedPhoto => ({ ok: false, message: `could not fetch ${shown(url)}: ${reason}` });
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const answer = await fetchOnce(current, maxBytes, controller.signal);
      if (answer.kind === "photo") return { ok: true, bytes: answer.bytes };
      if (hop === MAX_REDIRECTS) return failed(`it redirected more than ${MAX_REDIRECTS} times`);
      current = answer.location;
    }
  } catch (error) {
    const after = current === url ? "" : ` (it redirected to ${shown(current)})`;
    if (controller.signal.aborted) return failed(`it took longer than ${seconds(timeoutMs)} s`);
    return failed(`${reason(error)}${after}`);
  } finally {
    clearTimeout(timer);
  }
}

/** fetchPhoto for each address, a few at a time (4), in the order given. */
export function fetchPhotos(urls: readonly string[], options: FetchPhotoOptions & { concurrency?: number } = {}): Promise<FetchedPhoto[]> {
  return inTurns(urls, options.concurrency ?? 4, (url) => fetchPhoto(url, options));
}

/** `work` for each item, at most `concurrency` at once; the results in the items' order. */
export async function inTurns<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

type Answer = { kind: "photo"; bytes: Uint8Array } | { kind: "redirect"; location: string };

/** One request: the photo, where a redirect points, or a Refused (or a connection error). */
async function fetchOnce(address: string, maxBytes: number, signal: AbortSignal): Promise<Answer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new Refused("it is not an address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Refused("only http and https addresses can be fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (METADATA_HOSTS.includes(host.replace(/\.$/, "")) || METADATA_ADDRESSES.includes(host)) {
    throw new Refused(`${host} is a cloud metadata address`);
  }
  const allowed = await allowedAddresses(url, host);
  const refusedHost = refusedAddress(host, allowed);
  if (refusedHost) throw new Refused(refusedHost);
  const filter = { keepAlive: false, allowIPAddressList: allowed, denyIPAddressList: METADATA_ADDRESSES };
  const agent = url.protocol === "https:" ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
  const get = url.protocol === "https:" ? https.get : http.get;

  return new Promise<Answer>((resolve, reject) => {
    const options = { agent, signal, lookup: guardedLookup(allowed), headers: { accept: "image/*", "user-agent": "shop-product-import" } };
    const request = get(url, options, (response) => {
      const status = response.statusCode ?? 0;
      const refuse = (why: string) => {
        response.destroy();
        reject(new Refused(why));
      };
      if ([301, 302, 303, 307, 308].includes(status)) {
        const location = response.headers.location;
        response.resume();
        if (!location) return refuse(`the server answered ${status} without saying where to`);
        try {
          return resolve({ kind: "redirect", location: new URL(location, url).href });
        } catch {
          return refuse(`the server redirected to an address that is not one (${shown(location)})`);
        }
      }
      if (status !== 200) return refuse(`the server answered ${status}`);
      const type = (response.headers["content-type"] ?? "").toLowerCase();
      if (type.startsWith("text/html") || type.startsWith("application/xhtml")) return refuse("it is a web page, not a photo");
      const tooLarge = `it is larger than ${megabytes(maxBytes)} MB`;
      if (Number(response.headers["content-length"] ?? 0) > maxBytes) return refuse(tooLarge);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return refuse(tooLarge);
        chunks.push(chunk);
      });
      response.on("end", () => {
        if (response.complete) resolve({ kind: "photo", bytes: new Uint8Array(Buffer.concat(chunks)) });
        else reject(new Refused("the server stopped answering midway"));
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * The addresses IMPORT_ALLOW_HOSTS lets this request reach although they are private: the host's
 * own addresses when the host (and port, when the entry names one) is listed, else none. Each
 * request asks again, so a redirect from an allowed host to another host or port is not allowed.
 */
async function allowedAddresses(url: URL, host: string): Promise<string[]> {
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const allowed = config.importAllowHosts.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
  if (!allowed) return [];
  const addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
  // An allowed name may still resolve to a metadata address (::ffff:169.254.169.254 included):
  // the agent checks its allow list first, so such an address must not be on it.
  return addresses.filter((address) => never(address) === null);
}

/**
 * dns.lookup for the agent (which checks what it answers as well), refusing what the agent does
 * not know to refuse: link-local and metadata addresses, IPv4-compatible and site-local IPv6. It
 * runs at the moment of connecting, so it sees the addresses actually connected to.
 */
function guardedLookup(allowed: readonly string[]): typeof dns.lookup {
  const guarded = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      for (const { address } of addresses) {
        const why = refusedAddress(address, allowed);
        if (why) return callback(new Refused(why));
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }));
      callback(null, first.address, first.family);
    });
  };
  return guarded as unknown as typeof dns.lookup;
}

/** A connection's failure in the owner's words. */
function reason(error: unknown): string {
  if (error instanceof Refused) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  // request-filtering-agent: "DNS lookup 127.0.0.1(family:4, host:x) is not allowed. Because, It is private IP address."
  const refusedAddress = /DNS lookup (\S+?)\(family.*not allowed/.exec(message)?.[1];
  if (refusedAddress) {
    if (METADATA_ADDRESSES.includes(refusedAddress)) return `${refusedAddress} is a cloud metadata address`;
    if (/meta IP address/.test(message)) return `${refusedAddress} is not an address that can be fetched`;
    return `${refusedAddress} is a private address`;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "no such host was found";
  if (code === "ECONNREFUSED") return "the server refused the connection";
  if (code === "ECONNRESET" || code === "EPIPE") return "the server closed the connection";
  if (code && /^(CERT_|ERR_TLS|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(code)) return "its https certificate is not valid";
  return code ? `the connection failed (${code})` : "the connection failed";
}

/** An address as a message shows it: a long one (a data: address) cut short. */
function shown(address: string): string {
  return address.length > 200 ? `${address.slice(0, 200)}…` : address;
}

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);
const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
