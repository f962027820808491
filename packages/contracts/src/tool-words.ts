// The assistant's tools in words: what it is doing (a chip during a call) and what it did (Call Logs, CSV).
const TOOL_WORDS: Record<string, { doing: string; done: string }> = {
  search_knowledge_base: { doing: 'Searching the knowledge base', done: 'Knowledge base search' },
  add_knowledge_note: { doing: 'Saving a note', done: 'Note saved' },
  web_search: { doing: 'Searching the web', done: 'Web search' },
  send_sms: { doing: 'Sending a text', done: 'Text sent' },
  send_mms: { doing: 'Sending a picture message', done: 'Picture message sent' },
  make_outbound_call: { doing: 'Placing a call', done: 'Call placed' },
  end_call: { doing: 'Ending the call', done: 'Call ended' },
  session_update: { doing: 'Adjusting how it listens', done: 'Listening adjusted' },
  take_message: { doing: 'Taking a message', done: 'Message taken' },
  request_text_to_caller: { doing: 'Asking you to approve a text', done: 'Text requested' },
  verify_owner_passcode: { doing: 'Checking the passcode', done: 'Passcode check' },
  google_gmail_send: { doing: 'Sending an email', done: 'Email sent' },
  google_gmail_list: { doing: 'Reading your email', done: 'Email read' },
  google_drive_list: { doing: 'Looking in Drive', done: 'Drive search' },
  google_calendar_list: { doing: 'Checking the calendar', done: 'Calendar checked' },
  agt_generate_formulation: { doing: 'Drafting a formulation', done: 'Formulation drafted' },
  agt_copilot_chat: { doing: 'Asking the lab copilot', done: 'Lab copilot asked' },
  agt_check_compliance: { doing: 'Checking compliance', done: 'Compliance check' },
  agt_calculate_green_score: { doing: 'Scoring sustainability', done: 'Green score' },
};

/** "no_such_tool" → "No such tool": an unknown tool's name, readable. */
function readable(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : 'A tool';
}

/** What the assistant is doing while the tool runs, e.g. "Searching the knowledge base". */
export function toolDoingWords(name: string): string {
  return TOOL_WORDS[name]?.doing ?? readable(name);
}

/** What the tool did, as a noun phrase for a call's record, e.g. "Knowledge base search". */
export function toolDoneWords(name: string): string {
  return TOOL_WORDS[name]?.done ?? readable(name);
}
