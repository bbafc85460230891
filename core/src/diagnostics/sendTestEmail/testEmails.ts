/** The sample emails staff may send from the email test page (spec 1 sections 7 and 8). */
export const TEST_EMAIL_TYPES = ['writeup', 'termination'] as const;
export type TestEmailType = (typeof TEST_EMAIL_TYPES)[number];

export interface TestEmailInput {
  emailAddress: string;
  type: TestEmailType;
}
