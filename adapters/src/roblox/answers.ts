import { z } from 'zod';
import { Unavailable } from '@groupflow/core';

/**
 * Every Roblox answer the adapters read, parsed at the edge (issue 34): one schema per operation, keyed by the
 * operation as the vendored documents name it (method, host, path template). Each schema asks only for the fields
 * the product reads and ignores the rest; `answerSchemas.unit.test.ts` holds every field a schema names (optional ones
 * too) to the document's response schema, so a schema cannot invent a field Roblox does not send.
 */
/** A user as the users API's lists give one: no profile text nor creation date there. */
const listedUser = z.object({ id: z.number(), name: z.string(), displayName: z.string() });
const cloudRole = z.object({
  id: z.string(),
  displayName: z.string(),
  rank: z.number(),
  memberCount: z.number().optional(),
});

export const ROBLOX_ANSWERS = {
  'GET users.roblox.com/v1/users/{userId}': listedUser.extend({
    description: z.string().optional(),
    created: z.string().optional(),
  }),
  'POST users.roblox.com/v1/usernames/users': z.object({ data: z.array(listedUser) }),
  'GET users.roblox.com/v1/users/search': z.object({ data: z.array(listedUser) }),
  'POST users.roblox.com/v1/users': z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }),
  'GET groups.roblox.com/v1/groups/{groupId}': z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable().optional(),
    memberCount: z.number(),
    owner: z.object({ userId: z.number(), username: z.string(), displayName: z.string() }).nullable().optional(),
    publicEntryAllowed: z.boolean(),
    isBuildersClubOnly: z.boolean().optional(),
    hasVerifiedBadge: z.boolean().optional(),
  }),
  'GET groups.roblox.com/v1/groups/{groupId}/roles': z.object({
    roles: z.array(
      z.object({ id: z.number(), name: z.string(), rank: z.number(), memberCount: z.number().optional() }),
    ),
  }),
  'GET groups.roblox.com/v1/groups/{groupId}/roles/{roleSetId}/users': z.object({
    data: z.array(z.object({ userId: z.number(), username: z.string() })),
    nextPageCursor: z.string().nullable().optional(),
  }),
  'GET groups.roblox.com/v2/users/{userId}/groups/roles': z.object({
    data: z.array(
      z.object({
        group: z.object({ id: z.number(), name: z.string() }),
        role: z.object({ id: z.number(), name: z.string(), rank: z.number() }),
      }),
    ),
  }),
  'GET thumbnails.roblox.com/v1/users/avatar-headshot': z.object({
    data: z.array(z.object({ targetId: z.number(), state: z.string(), imageUrl: z.string().nullable().optional() })),
  }),
  'GET inventory.roblox.com/v1/users/{userId}/items/{itemType}/{itemTargetId}/is-owned': z.boolean(),
  'GET apis.roblox.com/cloud/v2/groups/{group_id}': z.object({
    id: z.string(),
    displayName: z.string(),
    description: z.string().optional(),
    owner: z.string().optional(),
    memberCount: z.number().optional(),
    publicEntryAllowed: z.boolean().optional(),
    verified: z.boolean().optional(),
  }),
  'GET apis.roblox.com/cloud/v2/groups/{group_id}/roles': z.object({
    groupRoles: z.array(cloudRole),
    nextPageToken: z.string().optional(),
  }),
  'GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships': z.object({
    groupMemberships: z.array(z.object({ path: z.string(), user: z.string(), role: z.string() })).default([]),
    nextPageToken: z.string().optional(),
  }),
  // Nothing of the answer is read: the change is confirmed by the status alone.
  'POST apis.roblox.com/cloud/v2/groups/{group_id}/memberships/{membership_id}:assignRole': z.unknown(),
  'GET apis.roblox.com/cloud/v2/users/{user_id}': z.object({
    id: z.string(),
    name: z.string(),
    displayName: z.string().optional(),
    about: z.string().optional(),
    createTime: z.string().optional(),
  }),
  'GET apis.roblox.com/cloud/v2/users/{user_id}/inventory-items': z.object({
    inventoryItems: z
      .array(
        z.object({
          assetDetails: z.object({ assetId: z.string() }).optional(),
          badgeDetails: z.object({ badgeId: z.string() }).optional(),
          gamePassDetails: z.object({ gamePassId: z.string() }).optional(),
        }),
      )
      .default([]),
    nextPageToken: z.string().optional(),
  }),
} as const;

export type RobloxOperation = keyof typeof ROBLOX_ANSWERS;
export type AnswerOf<O extends RobloxOperation> = z.output<(typeof ROBLOX_ANSWERS)[O]>;

/**
 * The answer as its schema reads it; a missing or mistyped field is an outage of Roblox's to report (503) that names
 * the operation and the field, never a crash further in.
 */
export function readAnswer<O extends RobloxOperation>(operation: O, answer: unknown): AnswerOf<O> {
  const parsed = ROBLOX_ANSWERS[operation].safeParse(answer);
  if (parsed.success) return parsed.data as AnswerOf<O>;
  const issue = parsed.error.issues[0]!;
  if (issue.path.length === 0)
    throw new Unavailable('ROBLOX.UNAVAILABLE', `Roblox answered ${operation} with something it does not document`);
  const field = issue.path.map(String).join('.');
  // Told apart so the log says whether Roblox dropped the field or changed its type.
  const given = issue.path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    answer,
  );
  const wanted = 'expected' in issue ? String(issue.expected) : 'as documented';
  throw new Unavailable(
    'ROBLOX.UNAVAILABLE',
    `Roblox answered ${operation} ${given === undefined ? `without ${field}` : `with ${field} not ${wanted}`}`,
  );
}

/** The legacy web API a documented operation belongs to (`groups.roblox.com` → `groups`). */
export const serviceOf = (operation: RobloxOperation) => operation.split(' ')[1]!.split('.')[0]!;
