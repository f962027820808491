import { PRODUCT_NAME } from '../config/product.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Using the service',
    paragraphs: [
      `These terms govern your use of ${PRODUCT_NAME}. You must be at least 18 years old to use it.`,
      'If your account belongs to an organisation, that organisation’s administrator can control your account, including creating, suspending and closing it.',
    ],
  },
  {
    heading: 'Not for emergencies',
    paragraphs: [
      'The service is not a replacement for a telephone and must not be used to reach emergency services.',
    ],
  },
  {
    heading: 'Your data',
    paragraphs: [
      'Voice recordings are removed after 30 days unless you save them; account data is kept for the life of the account plus 90 days; logs are kept for 12 months. We never sell your data and never use your voice data to train models. The Privacy Policy gives the details, including our commitment to the Limited Use requirements for data received from Google APIs.',
    ],
  },
  {
    heading: 'Prices',
    paragraphs: ['Prices may change; we will tell you at least 30 days before a new price applies.'],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'We will notify you of any material change to these terms at least 30 days before it takes effect.',
    ],
  },
  {
    heading: 'Limitation of liability',
    paragraphs: [
      'Our total liability to you for any claim is limited to the fees you paid for the service in the twelve months before the claim arose.',
    ],
  },
  {
    heading: 'Disputes',
    paragraphs: ['Any dispute arising from these terms or the service will be resolved by arbitration.'],
  },
];

/** The Terms of Service. */
export default function TermsOfServicePage() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />;
}
