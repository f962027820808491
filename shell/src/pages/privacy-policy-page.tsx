import { PRODUCT_NAME } from '../config/product.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'What this policy covers',
    paragraphs: [
      `This policy explains how ${PRODUCT_NAME}, an AI executive assistant, handles the information you give it: your account, your voice conversations, your text messages and contacts, and the data of any Google account you connect.`,
      'Accounts may belong to an organisation. In that case the organisation’s administrator can create, manage and close the accounts of its members and see the data held for them.',
    ],
  },
  {
    heading: 'How long we keep your data',
    paragraphs: [
      'Voice recordings are deleted 30 days after they are made, unless you choose to save them.',
      'Account data is kept for as long as your account exists and for 90 days after it is closed.',
      'System logs are kept for 12 months.',
    ],
  },
  {
    heading: 'What we do not do',
    paragraphs: ['We do not sell your data to anyone.', 'We do not use your voice data to train AI models.'],
  },
  {
    heading: 'Google user data',
    paragraphs: [
      `When you connect a Google account, ${PRODUCT_NAME} uses the data it receives from Google APIs (mail, calendar, files, spreadsheets, documents and meetings) only to carry out the requests you make, and its use of that data adheres to the Google API Services User Data Policy, including the Limited Use requirements. You can disconnect your Google account at any time.`,
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

/** The Privacy Policy. */
export default function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />;
}
