import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiResponse } from './openApiDocument.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A JSON Schema as a TypeScript-like type, which reads faster than the schema itself. */
export function schemaAsType(schema: JsonSchema, indent = ''): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map((part) => schemaAsType(part, indent)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
      if (properties.length === 0) return 'object';
      const required = new Set((schema.required ?? []) as string[]);
      const inner = `${indent}  `;
      const lines = properties.map(
        ([key, value]) => `${inner}${key}${required.has(key) ? '' : '?'}: ${schemaAsType(value, inner)};`,
      );
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    case 'array': {
      const item = schemaAsType((schema.items ?? {}) as JsonSchema, indent);
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    case 'string':
      return typeof schema.format === 'string' ? `string /* ${schema.format} */` : 'string';
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
      return schema.type;
    default:
      return 'unknown';
  }
}

const code = (schema: JsonSchema) => `<pre><code>${escapeHtml(schemaAsType(schema))}</code></pre>`;

function responseHtml(status: string, response: OpenApiResponse): string {
  const bodies = Object.entries(response.content ?? {})
    .map(([type, { schema }]) => `<p class="type">${escapeHtml(type)}</p>${code(schema)}`)
    .join('');
  return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description)}${bodies}</li>`;
}

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const params = op.parameters?.length
    ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? '' : ' <span class="muted">optional</span>'}</td><td>${p.in}</td><td><code>${escapeHtml(schemaAsType(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const [bodyType, bodyContent] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  const body = bodyContent
    ? bodyType === 'application/json'
      ? `<h4>Request body (JSON)</h4>${code(bodyContent.schema)}`
      : `<h4>Request body (${escapeHtml(Object.keys(op.requestBody!.content).join(', '))}, the file itself)</h4>`
    : '';
  const auth = (op as OpenApiOperation & { 'x-auth'?: string })['x-auth'] ?? '';
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)} <span class="muted">${escapeHtml(auth)}</span></p>
${params}${body}<h4>Responses</h4><ul>${Object.entries(op.responses)
    .map(([status, response]) => responseHtml(status, response))
    .join('')}</ul></section>`;
}

const STYLE = `body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#0b0f19;color:#e5e7eb}
main{max-width:60rem;margin:0 auto;padding:2rem 1rem}a{color:#93c5fd}h1{margin-top:0}
nav ul{columns:2;padding-left:1.2rem}.op{border:1px solid #1f2937;border-radius:.5rem;padding:0 1rem 1rem;margin:1rem 0;background:#111827}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:.25rem;padding:0 .4rem;font-size:.8rem;color:#0b0f19;background:#9ca3af}
.get{background:#60a5fa}.post{background:#34d399}.put,.patch{background:#fbbf24}.delete{background:#f87171}
pre{white-space:pre-wrap;background:#0b0f19;border:1px solid #1f2937;border-radius:.25rem;padding:.5rem;overflow-x:auto}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #1f2937;text-align:left;padding:.25rem .5rem}
.muted,.type{color:#9ca3af}.type{margin:.25rem 0 0;font-size:.85rem}`;

/** The reference page for integrators, rendered on the server from the OpenAPI document (no scripts, no CDN). */
export function renderApiReference(document: OpenApiDocument, openApiUrl: string): string {
  const byTag = new Map<string, string[]>();
  const nav: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = document.tags
    .filter(({ name }) => byTag.has(name))
    .map(({ name }, index) => {
      nav.push(`<li><a href="#tag-${index}">${escapeHtml(name)}</a></li>`);
      return `<h2 id="tag-${index}">${escapeHtml(name)}</h2>${byTag.get(name)!.join('\n')}`;
    });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(document.info.title)} <span class="muted">${escapeHtml(document.info.version)}</span></h1>
<p>${escapeHtml(document.info.description)}</p><p>Machine-readable: <a href="${escapeHtml(openApiUrl)}">OpenAPI 3.1 document</a>.</p>
<p>Every failed call answers an <code>Error</code>:</p>${code(document.components.schemas.Error!)}
<nav><ul>${nav.join('')}</ul></nav>${sections.join('\n')}</main></body></html>`;
}
