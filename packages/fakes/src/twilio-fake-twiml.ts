// What the Twilio fake reads of the TwiML the app answers: enough of Twilio's own reading for the verbs
// the app uses (<Connect action><Stream>, <Say>, <Reject>).

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The `action` of a TwiML document's `<Connect>`, if it has one. */
export function connectActionOf(twiml: string): string | undefined {
  const action = /<Connect\b[^>]*\baction="([^"]*)"/.exec(twiml)?.[1];
  return action === undefined ? undefined : unescapeXml(action);
}

/** The text of each `<Say>` of a TwiML document. */
export function saysOfTwiml(twiml: string): string[] {
  return [...twiml.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)].map((match) => unescapeXml(match[1] ?? ''));
}

/** The `<Connect><Stream>` of a TwiML document, if it has one. */
export function streamOfTwiml(
  twiml: string,
): { url: string; parameters: Record<string, string> } | undefined {
  const stream = /<Connect\b[^>]*>\s*<Stream\b([^>]*?)\/?>([\s\S]*?)(?:<\/Stream>|<\/Connect>)/.exec(twiml);
  const url = stream?.[1] && /\burl="([^"]*)"/.exec(stream[1])?.[1];
  if (!stream || !url) return undefined;
  const parameters: Record<string, string> = {};
  for (const match of (stream[2] ?? '').matchAll(/<Parameter\b([^>]*)\/?>/g)) {
    const name = /\bname="([^"]*)"/.exec(match[1] ?? '')?.[1];
    const value = /\bvalue="([^"]*)"/.exec(match[1] ?? '')?.[1];
    if (name !== undefined) parameters[unescapeXml(name)] = unescapeXml(value ?? '');
  }
  return { url: unescapeXml(url), parameters };
}
