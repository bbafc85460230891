/**
 * Each answer schema against the vendored Roblox document: every field a schema names, required or optional, must be
 * a property of the operation's documented 200 answer, of a compatible type, at every depth. A schema asking for a
 * field Roblox does not document (the misreading issue 34 found in the key introspection) fails here, and so does an
 * optional one, which the product would read as "absent" forever.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Unavailable } from '@groupflow/core';
import { ROBLOX_ANSWERS, readAnswer, type RobloxOperation } from './answers.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
};

const document = JSON.parse(
  readFileSync(new URL('../../testing/platform/roblox-openapi.json', import.meta.url), 'utf8'),
) as {
  paths: Record<
    string,
    Record<
      string,
      { servers?: { url: string }[]; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }
    >
  >;
  servers?: { url: string }[];
  components: { schemas: Record<string, Schema> };
};

const resolve = (schema: Schema): Schema => {
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop()!]!);
  const variants = schema.allOf ?? schema.anyOf ?? schema.oneOf;
  if (variants) {
    const parts = variants.map(resolve).filter((part) => part.type !== 'null');
    if (parts.length === 1) return parts[0]!;
    return { type: 'object', properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) };
  }
  return schema;
};

/** The documented 200 answer of "METHOD host/path". */
function documented(operation: RobloxOperation): Schema {
  const [method, address] = operation.split(' ') as [string, string];
  const host = address.slice(0, address.indexOf('/'));
  const path = address.slice(address.indexOf('/'));
  const entry = Object.entries(document.paths).find(
    ([template, operations]) =>
      template.split('#')[0] === path &&
      (operations[method.toLowerCase()]?.servers ?? document.servers ?? []).some((server) => server.url.includes(host)),
  );
  if (!entry) throw new Error(`${operation} is not in the document`);
  const answer = entry[1][method.toLowerCase()]!.responses['200']?.content;
  return resolve(Object.values(answer ?? {})[0]?.schema ?? {});
}

/** Operations whose documented 200 carries no schema (only "OK"): there is nothing to hold their schema to. */
const UNDESCRIBED: readonly RobloxOperation[] = ['GET thumbnails.roblox.com/v1/users/avatar-headshot'];

const typeOf = (schema: Schema) => {
  const type = Array.isArray(schema.type) ? schema.type.filter((entry) => entry !== 'null')[0] : schema.type;
  return type === 'integer' ? 'number' : type;
};

/** Where the zod schema (as JSON schema) reads something the document does not give. */
function mismatches(wanted: Schema, given: Schema, at: string): string[] {
  const want = resolve(wanted);
  const have = resolve(given);
  if (!want.type && !want.properties && !want.items) return [];
  if (typeOf(want) && typeOf(have) && typeOf(want) !== typeOf(have))
    return [`${at}: ${String(typeOf(want))} wanted, the document says ${String(typeOf(have))}`];
  if (want.items && have.items) return mismatches(want.items, have.items, `${at}[]`);
  return Object.keys(want.properties ?? {}).flatMap((field) => {
    const documentedField = have.properties?.[field];
    if (!documentedField) return [`${at}.${field}: not in the document`];
    return mismatches(want.properties![field]!, documentedField, `${at}.${field}`);
  });
}

describe('Roblox answer schemas against the vendored document', () => {
  it.each(UNDESCRIBED)('%s documents no answer schema (else it belongs with the others)', (operation) => {
    expect(documented(operation)).toEqual({});
  });

  it.each((Object.keys(ROBLOX_ANSWERS) as RobloxOperation[]).filter((operation) => !UNDESCRIBED.includes(operation)))(
    '%s asks only for documented fields',
    (operation) => {
      const wanted = z.toJSONSchema(ROBLOX_ANSWERS[operation], { io: 'input', unrepresentable: 'any' }) as Schema;
      expect(mismatches(wanted, documented(operation), 'answer')).toEqual([]);
    },
  );

  it('finds a schema that invents a field', () => {
    const invented = z.toJSONSchema(
      z.object({
        roles: z.array(z.object({ id: z.string(), colour: z.string(), badge: z.string().optional() })),
      }),
      { io: 'input' },
    ) as Schema;
    expect(mismatches(invented, documented('GET groups.roblox.com/v1/groups/{groupId}/roles'), 'answer')).toEqual([
      'answer.roles[].id: string wanted, the document says number',
      'answer.roles[].colour: not in the document',
      'answer.roles[].badge: not in the document',
    ]);
  });

  it('reads an answer without a required field as an outage naming the operation and the field', () => {
    expect(() => readAnswer('GET groups.roblox.com/v1/groups/{groupId}/roles', { data: [] })).toThrow(
      'Roblox answered GET groups.roblox.com/v1/groups/{groupId}/roles without roles',
    );
    expect(readAnswer('GET groups.roblox.com/v1/groups/{groupId}/roles', { roles: [], extra: 1 })).toEqual({
      roles: [],
    });
  });

  it('tells a mistyped field, and an answer of another kind altogether, from a missing one', () => {
    expect(() =>
      readAnswer('GET groups.roblox.com/v1/groups/{groupId}/roles', { roles: [{ id: '7', name: 'Guest', rank: 0 }] }),
    ).toThrow(
      new Unavailable(
        'ROBLOX.UNAVAILABLE',
        'Roblox answered GET groups.roblox.com/v1/groups/{groupId}/roles with roles.0.id not number',
      ),
    );
    expect(() =>
      readAnswer('GET inventory.roblox.com/v1/users/{userId}/items/{itemType}/{itemTargetId}/is-owned', {}),
    ).toThrow(
      'Roblox answered GET inventory.roblox.com/v1/users/{userId}/items/{itemType}/{itemTargetId}/is-owned with something it does not document',
    );
  });
});
