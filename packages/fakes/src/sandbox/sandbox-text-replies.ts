/**
 * What the sandbox's OpenAI text fake writes: short replies in the assistant's voice, chosen from what
 * the prompt says (who is texting, their relationship, what they asked), so drafts read like the
 * product's and differ from thread to thread. Deterministic: the same prompt gives the same reply.
 */

type Topic = { words: RegExp; reply: (name: string) => string };

// First match wins; the words are what people text an executive about.
const TOPICS: Topic[] = [
  {
    words: /\b(dinner|lunch|tonight|weekend|sunday|saturday|visit)\b/i,
    reply: (name) =>
      `Hi ${name}, lovely to hear from you. Evenings are clear after seven this week; shall I pencil it in?`,
  },
  {
    words: /\b(invoice|delivery|deliver|shipment|order|pallet|quote|pricing|price)\b/i,
    reply: (name) =>
      `Thank you, ${name}. Received with thanks; we'll confirm the delivery window and the purchase order by end of day.`,
  },
  {
    words: /\b(meeting|call|schedule|reschedule|diary|calendar|tomorrow|available)\b/i,
    reply: (name) =>
      `Hello ${name}, tomorrow at 2pm or Thursday morning both work. Let me know which suits and I'll send an invitation.`,
  },
  {
    words: /\b(sample|samples|formula|formulation|lab|test results?)\b/i,
    reply: (name) =>
      `Thanks ${name}. The lab has the latest results; I'll send the summary over as soon as it's been reviewed.`,
  },
  {
    words: /\b(urgent|asap|emergency|call me)\b/i,
    reply: (name) =>
      `Understood, ${name}. I've flagged this as urgent and will have a call back to you shortly.`,
  },
];

const BY_RELATIONSHIP: Record<string, (name: string) => string> = {
  family: (name) =>
    `Hi ${name}, got your message. In meetings this afternoon but will ring you this evening.`,
  friend: (name) => `Hi ${name}, thanks for the note! Tied up today; I'll get back to you properly tomorrow.`,
  work: (name) => `Thanks ${name}, noted. I'll review and come back to you by end of day.`,
  service: (name) => `Thank you, ${name}. Noted; we'll confirm the details shortly.`,
  medical: (name) => `Thank you, ${name}. Received; I'll confirm the appointment time shortly.`,
};

function field(prompt: string, name: string): string | undefined {
  return prompt.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1]?.trim();
}

/**
 * The text the prompt asks a reply to. The product hands it over as a third party's content, inside a
 * label on lines of their own (`Reply to: <third_party_content source="inbound text">`, the text, the
 * closing tag), so the label is taken off; a plain one-line `Reply to:` reads the same.
 */
function replyTo(prompt: string): string | undefined {
  const after = prompt.split(/^Reply to: /m)[1];
  if (after === undefined) return undefined;
  return after.replace(/<\/?third_party_content\b[^>]*>/g, '').trim();
}

/** How the draft addresses the sender: nickname, else first name, else nothing personal. */
function addressOf(prompt: string): string {
  const nickname = field(prompt, 'Nickname');
  if (nickname) return nickname;
  const name = field(prompt, 'Name');
  return name?.split(/\s+/)[0] ?? 'there';
}

/** The sandbox's answer to any text prompt the product sends (SMS drafts, web searches, typed turns). */
export function sandboxTextReply(prompt: string): string {
  if (/^Search the web/m.test(prompt)) {
    const query = prompt.trim().split('\n').at(-1) ?? '';
    return `The simulated web has a short answer on ${query}: the sources agree, and nothing has changed this week.`;
  }
  const last = replyTo(prompt) ?? prompt.trim().split('\n').at(-1) ?? '';
  const name = addressOf(prompt);
  const topic = TOPICS.find((candidate) => candidate.words.test(last));
  if (topic) return topic.reply(name);
  const relationship = field(prompt, 'Relationship') ?? '';
  const byRelationship = BY_RELATIONSHIP[relationship];
  if (byRelationship) return byRelationship(name);
  if (replyTo(prompt) !== undefined)
    return 'Thank you for your message. I will make sure it reaches the right person and come back to you shortly.';
  return 'Certainly. I have made a note of that and will take care of it.';
}
