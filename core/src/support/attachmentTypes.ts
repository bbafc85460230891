/** What may be attached to a ticket message: the screen recorder's WebM (spec 2 section 3: "video blob of type webm"). */
export const ATTACHMENT_CONTENT_TYPES = ['video/webm'] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];
