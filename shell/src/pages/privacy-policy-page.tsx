import { PRIVACY_POLICY_UPDATED, PRODUCT_NAME } from '../config/product.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

// Matches what the product keeps and for how long (docs/deployment.md "Data retention"; README "Security
// properties"). Change them together: the policy is a promise, and Google's verification reads it.
const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'What this policy covers',
    paragraphs: [
      `This policy explains how ${PRODUCT_NAME}, an AI executive assistant, handles the information you give it: your account, your conversations with the assistant, your text messages and contacts, your knowledge base, your lab jobs and the data of any Google account you connect.`,
      'Accounts may belong to an organisation. In that case the organisation’s administrator can create, manage and close the accounts of its members and see the data held for them.',
    ],
  },
  {
    heading: 'What we keep',
    paragraphs: [
      'Calls: the written transcript of each call in the browser or on the phone, its summary, the messages callers leave and the requests they make, and the call’s figures (duration, response times, tools used, tokens and cost). No audio recording of any call is kept.',
      'Text messages: the texts you and your contacts exchange through the service, the drafts the assistant proposes and whether you approved them, and your contacts.',
      'Knowledge base: the facts and notes you or the assistant save, with their earlier versions, and lab jobs with what was asked and the answer.',
      'Usage: a record of what each call, text and job cost, for the Usage screen and your budget.',
      'Google: the tokens that let the assistant act in your Google account, stored encrypted. Mail, calendar and file contents are read from Google when a request needs them and are not copied into our database.',
      'Your password is stored only as a one-way hash.',
    ],
  },
  {
    heading: 'How long we keep your data',
    paragraphs: [
      'Your account and its personal data (calls, messages, pending requests, phone access) are kept while the account exists and deleted 90 days after it is closed.',
      'The knowledge base is kept for as long as your organisation uses the service. Lab job history is deleted 12 months after a job finished.',
      'Backups of the database contain the data above. They are readable only by the service’s operators, encrypted when kept off the server, and expire on a rolling schedule (the last seven daily backups, or four weeks of weekly ones), so deleted data leaves the backups within weeks.',
      'System logs carry no message or call content and no secrets; they are kept for 12 months.',
    ],
  },
  {
    heading: 'What we do not do',
    paragraphs: [
      'We do not sell your data to anyone.',
      'We do not use your conversations, texts or knowledge base to train AI models.',
      'We do not record the audio of your calls.',
    ],
  },
  {
    heading: 'Who processes your data for us',
    paragraphs: [
      'OpenAI provides the voice and language models that hear and answer you; Twilio carries phone calls and text messages; the chemistry provider runs the lab jobs you queue; Google provides the data of the account you connect. Each receives only what a request needs.',
    ],
  },
  {
    heading: 'Google user data',
    paragraphs: [
      `When you connect a Google account, ${PRODUCT_NAME} uses the data it receives from Google APIs only for the services you granted on the consent screen, and only to carry out the requests you make. Its use of that data adheres to the Google API Services User Data Policy, including the Limited Use requirements. You can disconnect your Google account at any time from the Google page, which deletes the stored tokens.`,
    ],
  },
  {
    heading: 'Who may use the service',
    paragraphs: ['You must be at least 18 years old to use the service.'],
  },
  {
    heading: 'Not an emergency service',
    paragraphs: [
      'The service cannot be used to call emergency services. In an emergency, use a phone to contact your local emergency number.',
    ],
  },
];

/** The Privacy Policy: public, served signed out (Google's verification reads it). */
export default function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} updated={PRIVACY_POLICY_UPDATED} />;
}
