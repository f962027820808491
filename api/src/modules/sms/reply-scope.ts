/** What an SMS draft may be written from, by whether anyone reads it before it goes out. */
export type ReplyScope = {
  /** Only knowledge the executive marked shareable. */
  shareableKnowledgeOnly: boolean;
  /** The executive's notes about the contact may be used. */
  contactNotes: boolean;
};

/**
 * A reply sent without approval (`auto_respond`) speaks to a third party unreviewed: it may use only
 * shareable knowledge and never the executive's notes about the sender. A draft the executive reads
 * first (`ask_first`) may use everything.
 */
export function replyScopeFor(preference: string): ReplyScope {
  const unreviewed = preference === 'auto_respond';
  return { shareableKnowledgeOnly: unreviewed, contactNotes: !unreviewed };
}
