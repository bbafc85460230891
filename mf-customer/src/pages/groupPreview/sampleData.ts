/** Sample data of the group-management preview (spec 1 section 2.4, spec 3 section 2.5). */
export const PREVIEW_ROBLOX_ACCOUNT = { username: 'GroupOwner123', id: '123456789' };

export interface PreviewGroup {
  id: string;
  name: string;
  memberCount: number;
  role: string;
}

export const PREVIEW_GROUPS: PreviewGroup[] = [
  { id: '15567637', name: 'GroupFlow Community', memberCount: 1247, role: 'Owner' },
  { id: '32451098', name: 'Builders Guild', memberCount: 312, role: 'Administrator' },
];

export const PREVIEW_MEMBERS = [
  { userId: 1, username: 'GroupOwner123', rank: 'Owner', isTracked: true },
  { userId: 2, username: 'HeadAdmin', rank: 'Administrator', isTracked: true },
  { userId: 3, username: 'ModeratorMike', rank: 'Moderator', isTracked: true },
  { userId: 4, username: 'TrainerTess', rank: 'Trainer', isTracked: false },
  { userId: 5, username: 'NewMember42', rank: 'Member', isTracked: false },
];

export const PREVIEW_SESSIONS = [
  { id: 1, gameName: 'Training Facility', playerCount: 18, sessionDuration: 45 },
  { id: 2, gameName: 'Main Headquarters', playerCount: 32, sessionDuration: 120 },
  { id: 3, gameName: 'Patrol Grounds', playerCount: 9, sessionDuration: 30 },
  { id: 4, gameName: 'Recruitment Center', playerCount: 14, sessionDuration: 60 },
];

export const PREVIEW_APPLICATIONS = [
  { id: 1, applicantName: 'HopefulHelper', desiredRank: 'Moderator', status: 'pending' },
  { id: 2, applicantName: 'BuilderBen', desiredRank: 'Developer', status: 'pending' },
  { id: 3, applicantName: 'SecuritySam', desiredRank: 'Security', status: 'approved' },
  { id: 4, applicantName: 'TrainerToby', desiredRank: 'Trainer', status: 'rejected' },
];

export const PREVIEW_TRAININGS = [
  { id: 1, title: 'New Staff Orientation', hostName: 'TrainerTess', participantCount: 12, status: 'scheduled' },
  { id: 2, title: 'Moderation Basics', hostName: 'ModeratorMike', participantCount: 8, status: 'completed' },
];
