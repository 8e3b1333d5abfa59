import { data } from "react-router";
import { BODY_TOO_LARGE, NOT_A_FORM, UNREADABLE_FORM } from "~/lib/messages/platform";

/**
 * Reading request bodies as forms. `request.formData()` throws a TypeError on a body that is not a
 * form (JSON, text, a broken multipart body), which would surface as a 500; these helpers turn
 * every unreadable body into a 4xx with a message instead.
 */
export class UnreadableBody extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** Forms without a file never come near this; server.mjs refuses larger bodies earlier anyway. */
export const DEFAULT_MAX_BYTES = 256 * 1024;

export function mediaType(request: Request): string {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The body as FormData, reading at most `maxBytes`; throws UnreadableBody (400, 413 or 415). */
export async function parseFormBody(request: Request, maxBytes = DEFAULT_MAX_BYTES): Promise<FormData> {
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    // A form with no fields at all may come without a body or a type.
    if (!type && (request.headers.get("Content-Length") ?? "0") === "0") return new FormData();
    throw new UnreadableBody(415, NOT_A_FORM);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new UnreadableBody(413, BODY_TOO_LARGE);
  const bytes = await readAtMost(request, maxBytes);
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    throw new UnreadableBody(400, UNREADABLE_FORM);
  }
}

/** The raw body, reading at most `maxBytes`; throws UnreadableBody (413) beyond. */
export async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new UnreadableBody(413, BODY_TOO_LARGE);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * For HTML form actions: the body as FormData, or a thrown 4xx response that the error boundary
 * shows with its message.
 */
export async function readForm(request: Request, maxBytes = DEFAULT_MAX_BYTES): Promise<FormData> {
  try {
    return await parseFormBody(request, maxBytes);
  } catch (error) {
    if (error instanceof UnreadableBody) throw data(error.message, { status: error.status });
    throw error;
  }
}

/**
 * For HTML forms that carry a file: null when the body is over `maxBytes`, so the page can answer
 * with its own "File too large" toast; any other unreadable body is a thrown 4xx like readForm.
 */
export async function readUploadForm(request: Request, maxBytes: number): Promise<FormData | null> {
  try {
    return await parseFormBody(request, maxBytes);
  } catch (error) {
    if (error instanceof UnreadableBody && error.status === 413) return null;
    if (error instanceof UnreadableBody) throw data(error.message, { status: error.status });
    throw error;
  }
}

// The one parse of a form by its schema, shared with the browser's checks.
export { parseFormWith } from "~/lib/form-checks";
