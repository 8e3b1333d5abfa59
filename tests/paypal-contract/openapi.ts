import fs from "node:fs";
import path from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

// Checks HTTP exchanges against an OpenAPI 3.0 document (PayPal's, in tests/paypal-openapi/): the
// request body and header/path parameters against the operation's, the answer's body against the
// schema of its status (or `default`). OpenAPI 3.0 schema objects are close to JSON Schema draft 7;
// what differs is handled here:
// - `$ref` ignores its siblings (OpenAPI 3.0), so they are dropped;
// - `nullable: true` allows null;
// - `readOnly` properties are not required in requests, `writeOnly` ones not in answers (and
//   neither is refused: PayPal's answers echo fields its requests declare read-only);
// - PayPal's own formats (ppaas_date_time_v3 …) are named only: their patterns do the checking;
// - patterns are JavaScript RegExps without the u flag, as some of PayPal's are not valid with it;
// - keywords JSON Schema does not know (example, discriminator, xml…) are ignored (strict: false).

type Json = Record<string, unknown>;
type Mode = "request" | "response";
type Parameter = { name: string; in: string; required?: boolean; schema?: Json };
type Operation = { parameters?: Array<Parameter | { $ref: string }>; requestBody?: Json; responses: Record<string, Json> };

export type Exchange = {
  method: string;
  /** The API path, as PayPal's: /v2/checkout/orders/{id}, with the id filled in. */
  path: string;
  requestHeaders: Record<string, string>;
  /** The parsed JSON (or the raw text when it is not JSON); undefined for no body. */
  requestBody: unknown;
  status: number;
  responseBody: unknown;
};

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const pointer = (...parts: string[]) => "#/" + parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The document with every schema object made JSON Schema, for requests or for answers. */
function toJsonSchema(node: unknown, mode: Mode): unknown {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, mode));
  if (!isObject(node)) return node;
  if (typeof node.$ref === "string") return { $ref: node.$ref };
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema(value, mode);
  if (Array.isArray(out.required) && isObject(node.properties)) {
    const skip = mode === "request" ? "readOnly" : "writeOnly";
    const properties = node.properties;
    out.required = out.required.filter((name) => {
      const property = properties[String(name)];
      return !(isObject(property) && property[skip] === true);
    });
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else return { anyOf: [out, { type: "null" }] };
  }
  delete out.nullable;
  return out;
}

function collectFormats(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectFormats(n, into));
  else if (isObject(node)) {
    if (typeof node.format === "string") into.add(node.format);
    Object.values(node).forEach((n) => collectFormats(n, into));
  }
  return into;
}

export class OpenApiDocument {
  private readonly raw: Json;
  private readonly ajv: Record<Mode, Ajv>;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; regex: RegExp }>;

  constructor(
    readonly name: string,
    document: Json,
  ) {
    this.raw = document;
    const formats = collectFormats(document, new Set());
    this.ajv = { request: this.newAjv(formats, "request"), response: this.newAjv(formats, "response") };
    this.templates = Object.keys(document.paths as Json).map((template) => ({
      template,
      regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    }));
  }

  static load(file: string): OpenApiDocument {
    return new OpenApiDocument(path.basename(file, ".json"), JSON.parse(fs.readFileSync(file, "utf8")) as Json);
  }

  private newAjv(formats: Set<string>, mode: Mode): Ajv {
    // PayPal's e-mail pattern is not valid with the u flag (a lone `]`): patterns as plain RegExps.
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false, unicodeRegExp: false });
    addFormats(ajv);
    for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
    ajv.addSchema(toJsonSchema(this.raw, mode) as Json, this.name);
    return ajv;
  }

  /** The path template (as in the document) that a concrete path matches. */
  match(method: string, concretePath: string): string | undefined {
    const lower = method.toLowerCase();
    return this.templates.find(
      (t) =>
        t.regex.test(concretePath) &&
        isObject((this.raw.paths as Json)[t.template]) &&
        lower in ((this.raw.paths as Json)[t.template] as Json),
    )?.template;
  }

  private operation(method: string, template: string): Operation {
    const item = (this.raw.paths as Json)[template];
    const operation = isObject(item) ? item[method.toLowerCase()] : undefined;
    if (!isObject(operation)) throw new Error(`${this.name}: no ${method} ${template}`);
    return operation as unknown as Operation;
  }

  private resolve<T>(node: T | { $ref: string }): T {
    let current: unknown = node;
    while (isObject(current) && typeof current.$ref === "string") {
      current = current.$ref
        .slice(2)
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), this.raw);
    }
    return current as T;
  }

  private check(mode: Mode, ref: string, value: unknown): string[] {
    const key = `${mode} ${ref}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv[mode].compile({ $ref: `${this.name}${ref}` });
      this.compiled.set(key, validate);
    }
    return validate(value) ? [] : describe(validate.errors ?? []);
  }

  /** Problems of a request body (JSON) for the operation; [] when it conforms. */
  validateRequest(method: string, template: string, body: unknown): string[] {
    const operation = this.operation(method, template);
    const requestBody = operation.requestBody ? this.resolve(operation.requestBody) : undefined;
    if (body === undefined || (isObject(body) && Object.keys(body).length === 0 && requestBody?.required !== true)) return [];
    const content = isObject(requestBody?.content) ? requestBody.content : undefined;
    if (!content) return [`${method} ${template} takes no body`];
    if (!isObject(content["application/json"])) return [`${method} ${template} takes no JSON body`];
    return this.check(
      "request",
      pointer("paths", template, method.toLowerCase(), "requestBody", "content", "application/json", "schema"),
      body,
    );
  }

  /** Problems of the header and path parameters a request sent. */
  validateParameters(method: string, template: string, concretePath: string, headers: Record<string, string>): string[] {
    const operation = this.operation(method, template);
    const item = (this.raw.paths as Json)[template] as Json;
    const declared = [...((item.parameters as Operation["parameters"]) ?? []), ...(operation.parameters ?? [])].map((p) =>
      this.resolve<Parameter>(p),
    );
    const lowerHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const names = template.split("/");
    const values = concretePath.split("/");
    const problems: string[] = [];
    for (const parameter of declared) {
      let value: string | undefined;
      if (parameter.in === "header") value = lowerHeaders[parameter.name.toLowerCase()];
      else if (parameter.in === "path") value = values[names.indexOf(`{${parameter.name}}`)];
      else continue;
      if (value === undefined) {
        if (parameter.required) problems.push(`${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      if (!parameter.schema) continue;
      const validate = this.ajv.request.compile(toJsonSchema(parameter.schema, "request") as Json);
      if (!validate(value))
        problems.push(...describe(validate.errors ?? []).map((p) => `${parameter.in} parameter ${parameter.name}: ${p}`));
    }
    return problems;
  }

  /** Problems of an answer (status and JSON body) for the operation; [] when it conforms. */
  validateResponse(method: string, template: string, status: number, body: unknown): string[] {
    const operation = this.operation(method, template);
    const code = String(status) in operation.responses ? String(status) : "default";
    const declared = operation.responses[code];
    if (!declared) return [`${method} ${template}: status ${status} is not in the document`];
    const response = this.resolve<Json>(declared);
    const content = isObject(response.content) ? response.content : undefined;
    if (!content) return body === undefined || body === "" ? [] : [`${method} ${template} ${status} has no body in the document`];
    const at =
      isObject(declared) && typeof declared.$ref === "string"
        ? declared.$ref
        : pointer("paths", template, method.toLowerCase(), "responses", code);
    return this.check("response", `${at}/content/application~1json/schema`, body);
  }
}

function describe(errors: ErrorObject[]): string[] {
  // anyOf/oneOf failures list every branch; the most specific lines come first.
  return [
    ...new Set(
      errors.map(
        (e) =>
          `${e.instancePath || "/"} ${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`,
      ),
    ),
  ];
}
