import { readFileSync } from 'node:fs';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { allowList } from './platform/allowList.ts';

/**
 * Holds HTTP exchanges with Discord and Roblox to the platforms' own OpenAPI documents (vendored in ./platform) and
 * the allow-list of operations documented elsewhere (./platform/allowList.ts). The fakes check every request they
 * receive and every answer they give; the live smoke run checks the real platforms' answers. See
 * docs/architecture.md, "Platform contracts".
 */

export interface PlatformRequest {
  method: string;
  /** Absolute, on the real host: https://groups.roblox.com/v1/groups/1/roles, https://discord.com/api/v10/... */
  url: string;
  body?: unknown;
}

export interface ContractViolation {
  /** The documented operation ("GET groups.roblox.com/v1/groups/{groupId}/roles"), or the request's own line. */
  operation: string;
  message: string;
}

type Json = Record<string, unknown>;

interface Operation {
  id: string;
  allowListed: boolean;
  pattern: RegExp;
  /** How much of the template is fixed text: `/users/@me` beats `/users/{user_id}`. */
  literalLength: number;
  query: Set<string>;
  request: { schema: AnySchema; required: boolean } | null;
  /** Schema by status key (`200`, `2XX`, `default`); null where the status is declared without a JSON body. */
  responses: Map<string, AnySchema | null>;
  ajv: Ajv;
}

interface Document {
  file: string;
  /** Base URI the document's components are registered under, so every `$ref` resolves into them. */
  id: string;
  /** OpenAPI 3.0 has `nullable` and draft-04-style schemas; 3.1 is JSON Schema 2020-12. */
  ajv: () => Ajv;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Formats the documents use that JSON Schema does not define; only Discord's snowflake constrains anything. */
function withFormats(ajv: Ajv): Ajv {
  formats.default(ajv);
  ajv.addFormat('snowflake', /^(0|[1-9][0-9]*)$/);
  for (const name of ['nonce', 'enum', 'date-span']) ajv.addFormat(name, true);
  return ajv;
}

const DOCUMENTS: Document[] = [
  {
    file: 'discord-openapi.json',
    id: 'https://contracts.groupflow.invalid/discord.json',
    ajv: () => withFormats(new Ajv2020({ strict: false })),
  },
  {
    file: 'roblox-openapi.json',
    id: 'https://contracts.groupflow.invalid/roblox.json',
    ajv: () => withFormats(new Ajv({ strict: false })),
  },
];

/**
 * The document with every local `$ref` made absolute (so schemas compiled on their own still reach the components)
 * and, for OpenAPI 3.0, `nullable: true` turned into the JSON Schema union it means.
 */
function prepare(node: unknown, id: string, nullable: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => prepare(item, id, nullable));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? id + value : prepare(value, id, nullable);
  }
  if (!nullable || out.nullable !== true) return out;
  delete out.nullable;
  if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function resolve(document: Json, node: unknown): Json {
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string') {
    const pointer = current.$ref.slice(current.$ref.indexOf('#') + 1);
    current = pointer
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (at, part) => (isObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        document,
      );
  }
  return isObject(current) ? current : {};
}

/** The JSON (or, failing that, form) schema of a request body or answer. */
function jsonSchemaOf(content: unknown): AnySchema | null {
  if (!isObject(content)) return null;
  const type =
    Object.keys(content).find((name) => name === 'application/json') ??
    Object.keys(content).find((name) => name.includes('json')) ??
    Object.keys(content).find((name) => name === 'application/x-www-form-urlencoded');
  const media = type ? content[type] : undefined;
  return isObject(media) && isObject(media.schema) ? (media.schema as AnySchema) : null;
}

function templatePattern(path: string): { pattern: RegExp; literalLength: number } {
  const parts = path.split(/\{[^}]+\}/);
  const escaped = parts.map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return { pattern: new RegExp(`^${escaped.join('([^/]+)')}$`), literalLength: parts.join('').length };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function documentOperations(document: Document, add: (method: string, host: string, operation: Operation) => void) {
  const raw = JSON.parse(readFileSync(new URL(`./platform/${document.file}`, import.meta.url), 'utf8')) as Json;
  const nullable = String(raw.openapi).startsWith('3.0');
  const prepared = prepare(raw, document.id, nullable) as Json;
  const ajv = document.ajv();
  ajv.addSchema({ $id: document.id, components: prepared.components }, undefined, undefined, false);
  const rootServers = (prepared.servers as { url: string }[] | undefined) ?? [];
  for (const [path, item] of Object.entries(prepared.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const servers = (operation.servers ?? item.servers ?? rootServers) as { url: string }[];
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])]
        .map((parameter) => resolve(prepared, parameter))
        .filter((parameter) => parameter.in === 'query');
      const body = operation.requestBody ? resolve(prepared, operation.requestBody) : null;
      const bodySchema = body ? jsonSchemaOf(body.content) : null;
      const responses = new Map<string, AnySchema | null>();
      for (const [status, response] of Object.entries((operation.responses as Json | undefined) ?? {}))
        responses.set(status, jsonSchemaOf(resolve(prepared, response).content));
      for (const server of servers) {
        const base = new URL(server.url);
        // Roblox keeps one key per path by suffixing a second host's copy with `#host`.
        const template = `${base.pathname.replace(/\/$/, '')}${path.replace(/#.*$/, '')}`;
        add(method.toUpperCase(), base.host, {
          id: `${method.toUpperCase()} ${base.host}${template}`,
          allowListed: false,
          ...templatePattern(template),
          query: new Set(parameters.map((parameter) => String(parameter.name))),
          request: bodySchema ? { schema: bodySchema, required: body?.required === true } : null,
          responses,
          ajv,
        });
      }
    }
  }
}

let index: Map<string, Operation[]> | undefined;

/** Built on first use and kept for the process: the documents are megabytes of JSON. */
function operations(): Map<string, Operation[]> {
  if (index) return index;
  const built = new Map<string, Operation[]>();
  const add = (method: string, host: string, operation: Operation) => {
    const key = `${method} ${host}`;
    built.set(key, [...(built.get(key) ?? []), operation]);
  };
  for (const document of DOCUMENTS) documentOperations(document, add);
  const allowListAjv = withFormats(new Ajv2020({ strict: false }));
  for (const entry of allowList) {
    const [, host, path] = /^https:\/\/([^/]+)(\/.*)$/.exec(entry.url)!;
    add(entry.method, host!, {
      id: `${entry.method} ${host}${path}`,
      allowListed: true,
      ...templatePattern(path!),
      query: new Set(entry.query ?? []),
      request: entry.request ? { schema: entry.request, required: true } : null,
      responses: new Map(Object.entries(entry.responses ?? { default: null })),
      ajv: allowListAjv,
    });
  }
  for (const candidates of built.values()) candidates.sort((a, b) => b.literalLength - a.literalLength);
  index = built;
  return built;
}

function locate(request: Pick<PlatformRequest, 'method' | 'url'>) {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const path = decodeURIComponent(url.pathname);
  const operation = operations()
    .get(`${method} ${url.host}`)
    ?.find((candidate) => candidate.pattern.test(path));
  return { url, operation, line: `${method} ${url.host}${path}` };
}

export function findOperation(
  request: Pick<PlatformRequest, 'method' | 'url'>,
): { id: string; allowListed: boolean } | null {
  const { operation } = locate(request);
  return operation ? { id: operation.id, allowListed: operation.allowListed } : null;
}

const compiled = new WeakMap<object, ValidateFunction>();
const SHOWN_ERRORS = 3;

function validate(operation: Operation, schema: AnySchema, data: unknown, what: string): ContractViolation[] {
  let check = compiled.get(schema as object);
  if (!check) {
    check = operation.ajv.compile(schema);
    compiled.set(schema as object, check);
  }
  if (check(data)) return [];
  // A failed oneOf repeats its branches' errors once per item; the first few distinct ones say what is wrong.
  const distinct = [...new Set((check.errors ?? []).map((error) => `${what}${error.instancePath} ${error.message}`))];
  const more = distinct.length > SHOWN_ERRORS ? ` (and ${distinct.length - SHOWN_ERRORS} more)` : '';
  return [{ operation: operation.id, message: distinct.slice(0, SHOWN_ERRORS).join(', ') + more }];
}

export function checkRequest(request: PlatformRequest): ContractViolation[] {
  const { url, operation, line } = locate(request);
  if (!operation) return [{ operation: line, message: 'not in the platform documents or the allow-list' }];
  const violations: ContractViolation[] = [];
  const sent = new Set(url.searchParams.keys());
  for (const name of sent)
    if (!operation.query.has(name))
      violations.push({
        operation: operation.id,
        message: `query parameter "${name}" is not one the operation declares`,
      });
  if (!operation.request) {
    if (request.body !== undefined)
      violations.push({ operation: operation.id, message: 'sends a body the operation does not take' });
  } else if (request.body === undefined) {
    if (operation.request.required)
      violations.push({ operation: operation.id, message: 'sends no body where the operation requires one' });
  } else {
    violations.push(...validate(operation, operation.request.schema, request.body, 'body'));
  }
  return violations;
}

/**
 * The answer against the schema for its status, else its status range (`2XX`), else `default`. A success the
 * operation does not declare is a violation; an error status the document leaves undescribed is not.
 */
export function checkResponse(request: PlatformRequest, status: number, body: unknown): ContractViolation[] {
  const { operation } = locate(request);
  // An undocumented request is reported by checkRequest; there is nothing to hold its answer to.
  if (!operation) return [];
  const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((candidate) =>
    operation.responses.has(candidate),
  );
  if (key === undefined)
    return status < 400
      ? [{ operation: operation.id, message: `answered ${status}, a status the operation does not declare` }]
      : [];
  const schema = operation.responses.get(key);
  if (!schema) return [];
  if (body === undefined)
    return [{ operation: operation.id, message: `answered ${status} without the body the document describes` }];
  return validate(operation, schema, body, 'answer');
}
