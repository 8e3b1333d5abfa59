import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { reloadSettings } from "~/server/platform/config.server";
import { fetchPhoto, fetchPhotos, inTurns } from "./fetch-photo.server";

// Real servers on 127.0.0.1 play the photo hosts; IMPORT_ALLOW_HOSTS lets the fetcher reach them,
// as an owner would allow a test host. Private and metadata addresses are refused before any
// connection is made, so they need no server.

let png: Buffer;
let photos: http.Server;
let other: http.Server;
let photosHost = "";
let otherHost = "";
const hanging = new Set<http.ServerResponse>();

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();
  photos = http.createServer((request, response) => {
    const path = request.url ?? "";
    if (path === "/shirt.png") return response.writeHead(200, { "content-type": "image/png" }).end(png);
    if (path === "/moved.png") return response.writeHead(302, { location: "/shirt.png" }).end();
    if (path === "/to-other.png") return response.writeHead(301, { location: `http://${otherHost}/shirt.png` }).end();
    if (path.startsWith("/loop")) return response.writeHead(302, { location: `/loop${path.length}` }).end();
    if (path === "/page.png") return response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<html></html>");
    if (path === "/big-declared.png") {
      return response
        .writeHead(200, { "content-type": "image/png", "content-length": String(6 * 1024 * 1024) })
        .end(Buffer.alloc(6 * 1024 * 1024));
    }
    if (path === "/big-streamed.png") {
      // No Content-Length: chunks of 1 MB until the client stops reading.
      response.writeHead(200, { "content-type": "image/png" });
      let sent = 0;
      const more = () => {
        while (sent < 6 && response.write(Buffer.alloc(1024 * 1024))) sent++;
        if (sent >= 6) response.end();
        else response.once("drain", more);
      };
      return more();
    }
    if (path === "/slow.png") return void hanging.add(response); // never answers
    response.writeHead(404).end("not here");
  });
  other = http.createServer((_request, response) => response.writeHead(200, { "content-type": "image/png" }).end(png));
  photosHost = await listen(photos);
  otherHost = await listen(other);
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  photos.closeAllConnections();
  await new Promise((resolve) => photos.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

const allow = (hosts: string) => {
  process.env.IMPORT_ALLOW_HOSTS = hosts;
  reloadSettings();
};
afterEach(() => allow(""));

const refusal = async (url: string, options?: Parameters<typeof fetchPhoto>[1]) => {
  const result = await fetchPhoto(url, options);
  if (result.ok) throw new Error(`fetched ${url}`);
  return result.message;
};

describe("fetchPhoto", () => {
  it("fetches a photo from a host IMPORT_ALLOW_HOSTS allows, following a redirect on it", async () => {
    allow(`example.com, ${photosHost}`);
    const fetched = await fetchPhoto(`http://${photosHost}/shirt.png`);
    expect(fetched.ok && Buffer.from(fetched.bytes).equals(png)).toBe(true);
    const moved = await fetchPhoto(`http://${photosHost}/moved.png`);
    expect(moved.ok && Buffer.from(moved.bytes).equals(png)).toBe(true);
  });

  it("refuses a loopback server the owner has not allowed, and the same host on another port", async () => {
    expect(await refusal(`http://${photosHost}/shirt.png`)).toBe(
      `could not fetch http://${photosHost}/shirt.png: 127.0.0.1 is a private address`,
    );
    allow(otherHost);
    expect(await refusal(`http://${photosHost}/shirt.png`)).toBe(
      `could not fetch http://${photosHost}/shirt.png: 127.0.0.1 is a private address`,
    );
  });

  it("checks the address a name resolves to when connecting: localhost is refused unless allowed by name", async () => {
    const byName = `http://localhost:${photosHost.split(":")[1]}/shirt.png`;
    expect(await refusal(byName)).toMatch(/: (127\.0\.0\.1|::1) is a private address$/);
    allow(`localhost:${photosHost.split(":")[1]}`);
    const fetched = await fetchPhoto(byName);
    expect(fetched.ok && Buffer.from(fetched.bytes).equals(png)).toBe(true);
  });

  it("refuses a redirect from an allowed host to one that is not", async () => {
    allow(photosHost);
    expect(await refusal(`http://${photosHost}/to-other.png`)).toBe(
      `could not fetch http://${photosHost}/to-other.png: 127.0.0.1 is a private address (it redirected to http://${otherHost}/shirt.png)`,
    );
    allow(`${photosHost},${otherHost}`);
    expect((await fetchPhoto(`http://${photosHost}/to-other.png`)).ok).toBe(true);
  });

  it("refuses private, loopback, link-local and cloud metadata addresses, allowed or not", async () => {
    const cases: [string, string][] = [
      ["http://10.0.0.1/a.jpg", "10.0.0.1 is a private address"],
      ["http://192.168.1.20:8080/a.jpg", "192.168.1.20 is a private address"],
      ["http://[::1]/a.jpg", "::1 is a private address"],
      ["http://[::ffff:127.0.0.1]/a.jpg", "::ffff:7f00:1 is a private address"],
      ["http://0.0.0.0/a.jpg", "0.0.0.0 is not an address that can be fetched"],
      ["https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a cloud metadata address"],
      ["http://[fd00:ec2::254]/latest/meta-data/", "fd00:ec2::254 is a cloud metadata address"],
      ["http://metadata.google.internal/computeMetadata/v1/", "metadata.google.internal is a cloud metadata address"],
    ];
    for (const [url, reason] of cases) expect(await refusal(url)).toBe(`could not fetch ${url}: ${reason}`);
    allow("169.254.169.254,[fd00:ec2::254],metadata.google.internal");
    expect(await refusal("http://169.254.169.254/x")).toBe(
      "could not fetch http://169.254.169.254/x: 169.254.169.254 is a cloud metadata address",
    );
    expect(await refusal("http://[fd00:ec2::254]/x")).toContain("fd00:ec2::254 is a cloud metadata address");
  });

  it("refuses IPv4-compatible and site-local IPv6 addresses, which ipaddr.js takes for public ones", async () => {
    const cases: [string, string][] = [
      ["http://[::127.0.0.1]/a.jpg", "::7f00:1 is a private address"],
      ["http://[::10.0.0.1]:8080/a.jpg", "::a00:1 is a private address"],
      ["http://[fec0::1]/a.jpg", "fec0::1 is a private address"],
      ["http://[::169.254.169.254]/a.jpg", "::a9fe:a9fe is a link-local address (where cloud metadata services answer)"],
      ["http://[64:ff9b::169.254.169.254]/a.jpg", "64:ff9b::a9fe:a9fe is a link-local address (where cloud metadata services answer)"],
    ];
    for (const [url, reason] of cases) expect(await refusal(url)).toBe(`could not fetch ${url}: ${reason}`);
  });

  it("never lets IMPORT_ALLOW_HOSTS reach a metadata or link-local address, however it is written", async () => {
    allow("[::ffff:169.254.169.254],169.254.10.1,[::a9fe:a9fe]");
    const started = Date.now();
    expect(await refusal("http://[::ffff:169.254.169.254]/latest/meta-data/")).toBe(
      "could not fetch http://[::ffff:169.254.169.254]/latest/meta-data/: ::ffff:a9fe:a9fe is a cloud metadata address",
    );
    expect(await refusal("http://169.254.10.1/a.jpg")).toBe(
      "could not fetch http://169.254.10.1/a.jpg: 169.254.10.1 is a link-local address (where cloud metadata services answer)",
    );
    expect(await refusal("http://[::a9fe:a9fe]/a.jpg")).toContain("::a9fe:a9fe is a link-local address");
    // Refused before any connection is tried (a connection to 169.254.x.x would hang until the timeout).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("fetches only http and https addresses", async () => {
    for (const url of ["ftp://example.com/a.jpg", "file:///etc/passwd", "data:image/png;base64,iVBORw0KGgo="]) {
      expect(await refusal(url)).toBe(`could not fetch ${url}: only http and https addresses can be fetched`);
    }
    expect(await refusal("shirt.jpg")).toBe("could not fetch shirt.jpg: it is not an address");
  });

  it("says what the server answered: a status other than 200, a web page, too many redirects", async () => {
    allow(photosHost);
    expect(await refusal(`http://${photosHost}/gone.png`)).toBe(`could not fetch http://${photosHost}/gone.png: the server answered 404`);
    expect(await refusal(`http://${photosHost}/page.png`)).toBe(
      `could not fetch http://${photosHost}/page.png: it is a web page, not a photo`,
    );
    expect(await refusal(`http://${photosHost}/loop`)).toMatch(/: it redirected more than 3 times$/);
  });

  it("refuses an answer over 5 MB, declared or streamed", async () => {
    allow(photosHost);
    expect(await refusal(`http://${photosHost}/big-declared.png`)).toBe(
      `could not fetch http://${photosHost}/big-declared.png: it is larger than 5 MB`,
    );
    expect(await refusal(`http://${photosHost}/big-streamed.png`)).toBe(
      `could not fetch http://${photosHost}/big-streamed.png: it is larger than 5 MB`,
    );
  });

  it("gives up on a server that never answers", async () => {
    allow(photosHost);
    expect(await refusal(`http://${photosHost}/slow.png`, { timeoutMs: 300 })).toBe(
      `could not fetch http://${photosHost}/slow.png: it took longer than 0.3 s`,
    );
  });
});

describe("fetchPhotos and inTurns", () => {
  it("fetch each address, a few at a time, answering in the order given", async () => {
    allow(photosHost);
    const results = await fetchPhotos([`http://${photosHost}/shirt.png`, `http://${photosHost}/gone.png`, "http://10.0.0.1/a.png"], {
      concurrency: 2,
    });
    expect(results.map((result) => (result.ok ? "ok" : result.message))).toEqual([
      "ok",
      `could not fetch http://${photosHost}/gone.png: the server answered 404`,
      "could not fetch http://10.0.0.1/a.png: 10.0.0.1 is a private address",
    ]);
  });

  it("inTurns starts no more than `concurrency` at once and the next one as soon as one ends", async () => {
    const started: number[] = [];
    const finish = new Map<number, (value: string) => void>();
    const all = inTurns([0, 1, 2, 3, 4], 2, (item) => {
      started.push(item);
      return new Promise<string>((resolve) => finish.set(item, resolve));
    });
    expect(started).toEqual([0, 1]);
    finish.get(1)!("b");
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    finish.get(0)!("a");
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]));
    finish.get(2)!("c");
    finish.get(3)!("d");
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3, 4]));
    finish.get(4)!("e");
    expect(await all).toEqual(["a", "b", "c", "d", "e"]);
  });
});
