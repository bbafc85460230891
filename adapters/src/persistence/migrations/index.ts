import { Migration20261128233122_slaPolicies } from './Migration20261128233122_slaPolicies.ts';
import { Migration20261128224418_cannedResponsesAndLabels } from './Migration20261128224418_cannedResponsesAndLabels.ts';
import { Migration20261128221313_legalCustomer } from './Migration20261128221313_legalCustomer.ts';
import { Migration20261128200213_ticketPrivateNotes } from './Migration20261128200213_ticketPrivateNotes.ts';
import { Migration20261128191051_slaBreachedAt } from './Migration20261128191051_slaBreachedAt.ts';
import { Migration20261128184756_supportDesk } from './Migration20261128184756_supportDesk.ts';
import { Migration20261128165325_openCloudKeyLifetime } from './Migration20261128165325_openCloudKeyLifetime.ts';
import { Migration20261128153723_serverBinds } from './Migration20261128153723_serverBinds.ts';
import { Migration20261128151916_staffDeviceGenerationMfaAttempts } from './Migration20261128151916_staffDeviceGenerationMfaAttempts.ts';
import { Migration20261128151551_attachmentChunks } from './Migration20261128151551_attachmentChunks.ts';
import { Migration20261126175244_ticketAttachments } from './Migration20261126175244_ticketAttachments.ts';
import { Migration20261122114920_initial } from './Migration20261122114920_initial.ts';
import { Migration20261122183604_staff_accounts } from './Migration20261122183604_staff_accounts.ts';
import { Migration20261122183949_customerSessions } from './Migration20261122183949_customerSessions.ts';
import { Migration20261122191716_supportTicketAccessKey } from './Migration20261122191716_supportTicketAccessKey.ts';
import { Migration20261123090022_botStateAndServerConfig } from './Migration20261123090022_botStateAndServerConfig.ts';
import { Migration20261123090119_roblox } from './Migration20261123090119_roblox.ts';
import { Migration20261123090617_incidents } from './Migration20261123090617_incidents.ts';
import { Migration20261123091126_customerGuildFetches } from './Migration20261123091126_customerGuildFetches.ts';
import { Migration20261123170934_supportTicketEvents } from './Migration20261123170934_supportTicketEvents.ts';
import { Migration20261123170935_ticketSearch } from './Migration20261123170935_ticketSearch.ts';
import { Migration20261123170943_rateLimits } from './Migration20261123170943_rateLimits.ts';
import { Migration20261123171456_botRoleProblems } from './Migration20261123171456_botRoleProblems.ts';
import { Migration20261126143150_workspaceRankingQuotas } from './Migration20261126143150_workspaceRankingQuotas.ts';
import { Migration20261126143405_roleIds } from './Migration20261126143405_roleIds.ts';
import { Migration20261126143456_serverSyncRuns } from './Migration20261126143456_serverSyncRuns.ts';
import { Migration20261126143540_staffMfa } from './Migration20261126143540_staffMfa.ts';
import { Migration20261126143751_hashedActivityKey } from './Migration20261126143751_hashedActivityKey.ts';
import { Migration20261126143833_vouchesAndClaims } from './Migration20261126143833_vouchesAndClaims.ts';
import { Migration20261126145909_workspaceSessions } from './Migration20261126145909_workspaceSessions.ts';
import { Migration20261126150815_applicationReview } from './Migration20261126150815_applicationReview.ts';
import { Migration20261126152205_workspaceDocuments } from './Migration20261126152205_workspaceDocuments.ts';
import { Migration20261126180008_sessionNotices } from './Migration20261126180008_sessionNotices.ts';
import { Migration20261126180442_botUptimeMinutes } from './Migration20261126180442_botUptimeMinutes.ts';
import type { MigrationObject } from '@mikro-orm/core';

/** Every migration, in order. `npm run migration:create` appends new ones here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122114920_initial', class: Migration20261122114920_initial },
  { name: 'Migration20261122183604_staff_accounts', class: Migration20261122183604_staff_accounts },
  { name: 'Migration20261122183949_customerSessions', class: Migration20261122183949_customerSessions },
  { name: 'Migration20261122191716_supportTicketAccessKey', class: Migration20261122191716_supportTicketAccessKey },
  { name: 'Migration20261123090022_botStateAndServerConfig', class: Migration20261123090022_botStateAndServerConfig },
  { name: 'Migration20261123090119_roblox', class: Migration20261123090119_roblox },
  { name: 'Migration20261123090617_incidents', class: Migration20261123090617_incidents },
  { name: 'Migration20261123091126_customerGuildFetches', class: Migration20261123091126_customerGuildFetches },
  { name: 'Migration20261123170934_supportTicketEvents', class: Migration20261123170934_supportTicketEvents },
  { name: 'Migration20261123170935_ticketSearch', class: Migration20261123170935_ticketSearch },
  { name: 'Migration20261123170943_rateLimits', class: Migration20261123170943_rateLimits },
  { name: 'Migration20261123171456_botRoleProblems', class: Migration20261123171456_botRoleProblems },
  { name: 'Migration20261126143150_workspaceRankingQuotas', class: Migration20261126143150_workspaceRankingQuotas },
  { name: 'Migration20261126143405_roleIds', class: Migration20261126143405_roleIds },
  { name: 'Migration20261126143456_serverSyncRuns', class: Migration20261126143456_serverSyncRuns },
  { name: 'Migration20261126143540_staffMfa', class: Migration20261126143540_staffMfa },
  { name: 'Migration20261126143751_hashedActivityKey', class: Migration20261126143751_hashedActivityKey },
  { name: 'Migration20261126143833_vouchesAndClaims', class: Migration20261126143833_vouchesAndClaims },
  { name: 'Migration20261126145909_workspaceSessions', class: Migration20261126145909_workspaceSessions },
  { name: 'Migration20261126150815_applicationReview', class: Migration20261126150815_applicationReview },
  { name: 'Migration20261126152205_workspaceDocuments', class: Migration20261126152205_workspaceDocuments },
  { name: 'Migration20261126175244_ticketAttachments', class: Migration20261126175244_ticketAttachments },
  { name: 'Migration20261126180008_sessionNotices', class: Migration20261126180008_sessionNotices },
  { name: 'Migration20261126180442_botUptimeMinutes', class: Migration20261126180442_botUptimeMinutes },
  { name: 'Migration20261128151551_attachmentChunks', class: Migration20261128151551_attachmentChunks },
  {
    name: 'Migration20261128151916_staffDeviceGenerationMfaAttempts',
    class: Migration20261128151916_staffDeviceGenerationMfaAttempts,
  },
  { name: 'Migration20261128153723_serverBinds', class: Migration20261128153723_serverBinds },
  { name: 'Migration20261128165325_openCloudKeyLifetime', class: Migration20261128165325_openCloudKeyLifetime },
  { name: 'Migration20261128184756_supportDesk', class: Migration20261128184756_supportDesk },
  { name: 'Migration20261128191051_slaBreachedAt', class: Migration20261128191051_slaBreachedAt },
  { name: 'Migration20261128200213_ticketPrivateNotes', class: Migration20261128200213_ticketPrivateNotes },
  { name: 'Migration20261128221313_legalCustomer', class: Migration20261128221313_legalCustomer },
  { name: 'Migration20261128224418_cannedResponsesAndLabels', class: Migration20261128224418_cannedResponsesAndLabels },
  { name: 'Migration20261128233122_slaPolicies', class: Migration20261128233122_slaPolicies },
];
