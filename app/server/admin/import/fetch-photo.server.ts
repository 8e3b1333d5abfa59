// CONTRACT STUB (issue 50 foundation): the photo-fetch helper replaces this file.

export type FetchedPhoto = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * A photo's bytes from an http or https address, with limits: no private, loopback, link-local or
 * cloud metadata address (unless IMPORT_ALLOW_HOSTS names the host), at most 5 MB, 10 s.
 */
export async function fetchPhoto(_url: string): Promise<FetchedPhoto> {
  throw new Error("fetchPhoto: not built yet");
}
