/** What an inbound text asks of the messaging service, per Twilio's default opt-out keywords. */
export type SmsKeyword = 'opt_out' | 'opt_in' | 'help';

const KEYWORDS: Record<string, SmsKeyword> = {
  STOP: 'opt_out',
  STOPALL: 'opt_out',
  UNSUBSCRIBE: 'opt_out',
  CANCEL: 'opt_out',
  END: 'opt_out',
  QUIT: 'opt_out',
  REVOKE: 'opt_out',
  OPTOUT: 'opt_out',
  START: 'opt_in',
  YES: 'opt_in',
  UNSTOP: 'opt_in',
  HELP: 'help',
  INFO: 'help',
};

/**
 * The keyword a text is, or undefined. Like Twilio, only a message that is the keyword alone counts
 * (case and surrounding spaces or punctuation aside): "stop" opts out, "don't stop" does not.
 */
export function smsKeywordOf(body: string): SmsKeyword | undefined {
  const word = body
    .trim()
    .replace(/^[\s.!?,;:]+|[\s.!?,;:]+$/g, '')
    .toUpperCase();
  return KEYWORDS[word];
}
