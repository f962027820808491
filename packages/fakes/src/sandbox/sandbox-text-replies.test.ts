import { describe, expect, it } from 'vitest';
import { sandboxTextReply } from './sandbox-text-replies.ts';

// The SMS draft prompt's shape: the contact's texts reach the model labelled as a third party's content.
const labelled = (text: string) =>
  `<third_party_content source="inbound text">\n${text}\n</third_party_content>`;
const draftPrompt = (contact: string, last: string) =>
  `Contact:\n${contact}\n\nRelevant knowledge:\n(none)\n\nConversation so far:\nThem: ${labelled(last)}\n\nReply to: ${labelled(last)}`;

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

  it('reads the text to answer inside its label, so a request for a time gets times', () => {
    expect(
      sandboxTextReply(
        draftPrompt('Name: Priya Nair\nRelationship: work', 'Can we move our call to tomorrow?'),
      ),
    ).toMatch(/^Hello Priya, tomorrow at 2pm/);
  });

  it('answers a web search with a summary of the query, not an SMS draft', () => {
    const prompt = 'Search the web and answer in at most three short sentences.\nglycerin prices';
    expect(sandboxTextReply(prompt)).toMatch(/on glycerin prices/);
  });
});
