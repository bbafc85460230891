import { z } from 'zod';
import {
  API_AREA_TITLES,
  CHAT_KEY_HEADER,
  apiErrorSchema,
  listEndpoints,
  NEXT_CURSOR_HEADER,
  type Endpoint,
  authKind,
  type AuthKind,
  type EndpointAuth,
  type RegisteredEndpoint,
} from '@groupflow/core/contracts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as z.toJSONSchema writes it. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
}

/** A type, not an interface: the reference endpoint's contract reads it as an open record. */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, JsonSchema> };
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // Validation still checks the full ISO pattern; integrators read `format: date-time`.
    override: ({ jsonSchema: out }) => {
      if (out.format === 'date-time') delete out.pattern;
      // zod marks every integer with the safe-integer bounds; they say nothing an integrator needs.
      if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
      if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
      // An answer may gain fields; a client that rejected them would break on every addition.
      if (io === 'output' && out.additionalProperties === false) delete out.additionalProperties;
    },
  }) as JsonSchema;
  return rest;
}

/** Koa's `/tickets/:id` is OpenAPI's `/tickets/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const SECURITY: Partial<Record<AuthKind, Record<string, string[]>[]>> = {
  customer: [{ customerSession: [] }],
  staff: [{ staffBearer: [] }],
  staffStreamTicket: [{ streamTicket: [] }],
  chatKey: [{ chatKey: [] }],
  activityKey: [{ activityKey: [] }],
};

const AUTH_NOTE: Record<AuthKind, string> = {
  public: 'No sign-in.',
  customer: 'A signed-in customer (session cookie).',
  staff: 'A staff member (bearer token).',
  staffStreamTicket: 'A single-use stream ticket from POST /api/support/events/ticket, as ?ticket=.',
  chatKey: "The ticket's chat key (#key= in the chatUrl's fragment), sent as the X-Chat-Key header.",
  activityKey: "A game server holding the group's activity key (bearer).",
  attachmentLink:
    "An attachment link's token as ?access= (POST …/attachments/{attachmentId}/link answers the whole URL).",
};

function authNote(auth: EndpointAuth): string {
  const note = AUTH_NOTE[authKind(auth)];
  if (typeof auth === 'string') return note;
  if ('staff' in auth) return `${note} Their role needs the ${auth.staff} permission.`;
  return `${note} Admitted while still owing: ${auth.staffPending.join(', ')}.`;
}

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

function parameters(endpoint: Endpoint): OpenApiParameter[] {
  const params = objectShape(endpoint.params);
  const path = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name: name!,
    in: 'path' as const,
    required: true,
    schema: params[name!] ? jsonSchema(params[name!]!, 'input') : { type: 'string' },
  }));
  const query = Object.entries(objectShape(endpoint.query)).map(([name, schema]) => ({
    name,
    in: 'query' as const,
    required: !schema.safeParse(undefined).success,
    schema: jsonSchema(schema, 'input'),
  }));
  return [...path, ...query];
}

const errorResponse = (description: string): OpenApiResponse => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function successResponse(endpoint: Endpoint): [string, OpenApiResponse] {
  if (endpoint.redirect) {
    return [
      '302',
      {
        description: 'Redirect',
        headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
      },
    ];
  }
  const status = String(endpoint.successStatus ?? 200);
  if (endpoint.html)
    return [status, { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } }];
  if (endpoint.image)
    return [
      status,
      { description: 'An image', content: { [endpoint.image]: { schema: { type: 'string', format: 'binary' } } } },
    ];
  if (endpoint.file)
    return [
      status,
      {
        description: 'The stored file, with its own Content-Type; a Range request answers 206 with that part',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    ];
  if (endpoint.stream) {
    return [
      status,
      {
        description: 'Server-sent events; each event is named `type` and carries `data` as JSON',
        content: { 'text/event-stream': { schema: jsonSchema(endpoint.response, 'output') } },
      },
    ];
  }
  if (status === '204') return [status, { description: 'No content' }];
  const success: OpenApiResponse = {
    description: 'Success',
    content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
  };
  if (endpoint.paged) {
    success.description = 'One page, newest first';
    success.headers = {
      [NEXT_CURSOR_HEADER]: {
        description: 'Opaque cursor of the next (older) page, for ?before=; absent on the last page',
        schema: { type: 'string' },
      },
    };
  }
  return [status, success];
}

function operation({ area, name, endpoint }: RegisteredEndpoint): OpenApiOperation {
  const params = parameters(endpoint);
  const [status, success] = successResponse(endpoint);
  const responses: Record<string, OpenApiResponse> = { [status]: success };
  // The same body under each further status; what tells them apart is the status's meaning.
  for (const [other, meaning] of Object.entries(endpoint.otherStatuses ?? {}))
    responses[other] = { ...success, description: meaning };
  if (endpoint.body || params.length > 0) responses['400'] = errorResponse('Invalid input: `issues` names each field');
  const kind = authKind(endpoint.auth);
  if (kind !== 'public') {
    responses['401'] = errorResponse('Not signed in');
    responses['403'] = errorResponse('Signed in without the right to do this');
  }
  if (endpoint.path.includes(':') || kind === 'chatKey') responses['404'] = errorResponse('No such record');
  if (endpoint.rateLimit) {
    responses['429'] = {
      ...errorResponse(`Over the limit: ${endpoint.rateLimit}`),
      headers: { 'Retry-After': { description: 'Seconds until a call may succeed', schema: { type: 'integer' } } },
    };
  }
  // Conflicts, rate limits and outages answer the same body; `code` says which.
  responses.default = errorResponse('Any other failure (409, 429, 502, 503, 500), with its `code`');
  const op: OpenApiOperation = {
    operationId: `${area}.${name}`,
    summary: endpoint.summary,
    tags: [API_AREA_TITLES[area]],
    responses,
  };
  const security = SECURITY[kind];
  if (security) op.security = security;
  if (params.length > 0) op.parameters = params;
  if (endpoint.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
    };
  }
  if (endpoint.upload) {
    responses['400'] ??= errorResponse('Invalid input: `issues` names each field');
    responses['413'] = errorResponse('The file is larger than MAX_ATTACHMENT_BYTES');
    op.requestBody = {
      required: true,
      content: Object.fromEntries(
        endpoint.upload.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  (op as OpenApiOperation & { 'x-auth': string })['x-auth'] = authNote(endpoint.auth);
  return op;
}

/** The OpenAPI 3.1 document of every endpoint in the registry, built once per process. */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const entry of listEndpoints()) {
    const path = openApiPath(entry.endpoint.path);
    paths[path] = { ...paths[path], [entry.endpoint.method.toLowerCase()]: operation(entry) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'GroupFlow API',
      version,
      description:
        'Every route the GroupFlow server answers, generated from the zod contracts in core/src/contracts. ' +
        'Dates are ISO 8601 text. Failed calls answer `{ code, message }`: `code` is a stable AREA.REASON to act ' +
        'on, `message` English for people; 400s add `issues: [{ path, message }]`.',
    },
    tags: Object.values(API_AREA_TITLES).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        customerSession: { type: 'apiKey', in: 'cookie', name: 'groupflow.sid' },
        staffBearer: { type: 'http', scheme: 'bearer' },
        streamTicket: { type: 'apiKey', in: 'query', name: 'ticket' },
        chatKey: { type: 'apiKey', in: 'header', name: CHAT_KEY_HEADER },
        activityKey: { type: 'http', scheme: 'bearer' },
      },
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
    },
  };
}
