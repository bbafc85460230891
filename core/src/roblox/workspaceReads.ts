/** How the workspace's lists read: the activity config (ROBLOX_ACTIVITY_*) the API passes in. */
export interface WorkspaceReadSettings {
  /** Sessions open longer than this are closed at start + cap. */
  sessionCapMs: number;
  listLimit: number;
}
