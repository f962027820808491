import { describe, expect, it } from 'vitest';
import { sandboxTextReply } from './sandbox-text-replies.ts';

const draftPrompt = (contact: string, last: string) =>
  `Contact:\n${contact}\n\nRelevant knowledge:\n(none)\n\nConversation so far:\nThem: ${last}\n\nReply to: ${last}`;

describe('the sandbox OpenAI text replies', () => {
  it('drafts an SMS reply from what the contact asked, by nickname', () => {
    const reply = sandboxTextReply(
      draftPrompt('Name: Margaret Hart\nNickname: Mum\nRelationship: family', 'Dinner on Sunday?'),
    );
    expect(reply).toMatch(/^Hi Mum, /);
    expect(reply).toMatch(/seven/);
  });

  it('falls back on the relationship, then on a neutral reply for an unknown sender', () => {
    expect(sandboxTextReply(draftPrompt('Name: Priya Nair\nRelationship: work', 'Hi there'))).toMatch(
      /^Thanks Priya/,
    );
    expect(sandboxTextReply(draftPrompt('Unknown sender at +14155550199', 'Hi there'))).toMatch(
      /^Thank you for your message/,
    );
  });

  it('answers a web search with a summary of the query, not an SMS draft', () => {
    const prompt = 'Search the web and answer in at most three short sentences.\nglycerin prices';
    expect(sandboxTextReply(prompt)).toMatch(/on glycerin prices/);
  });
});
