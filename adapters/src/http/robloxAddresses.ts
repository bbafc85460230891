import { API, fillPath } from '@groupflow/core/contracts';

/**
 * The addresses core's Roblox use cases hand to screens and game servers. They are routes of this HTTP edge, so
 * they are built here from the endpoints and told to core (no HTTP in core).
 */
export function robloxAddresses(publicUrl: string) {
  return {
    /** Our own address of a headshot: the browser never calls Roblox (issue 11), the server fetches the image. */
    headshotAddressOf: (userId: string) => fillPath(API.roblox.readRobloxHeadshot.path, { userId }),
    /** Where a group's game servers report activity; absolute, since it is pasted into a game script. */
    activityEndpointOf: (groupId: string) => `${publicUrl}${fillPath(API.roblox.recordActivity.path, { groupId })}`,
  };
}
