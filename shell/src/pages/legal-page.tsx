import { Box, Container, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { CONTACT_EMAIL, LEGAL_PAGES_DATE } from '../config/product.ts';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

/** The frame of the static legal pages: title, effective/updated dates, sections and the contact address. */
export function LegalPage({
  title,
  sections,
  updated = LEGAL_PAGES_DATE,
}: {
  title: string;
  sections: readonly LegalSection[];
  /** When the page last changed, if after it took effect. */
  updated?: string;
}) {
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="5" asChild>
        <article>
          <Box>
            <Heading as="h1" size="7" mb="2">
              {title}
            </Heading>
            <Text as="p" size="2" color="gray">
              Effective date: {LEGAL_PAGES_DATE} · Last updated: {updated}
            </Text>
          </Box>
          {sections.map((section) => (
            <Box key={section.heading} asChild>
              <section>
                <Heading as="h2" size="4" mb="2">
                  {section.heading}
                </Heading>
                {section.paragraphs.map((paragraph) => (
                  <Text as="p" size="2" mb="2" key={paragraph}>
                    {paragraph}
                  </Text>
                ))}
              </section>
            </Box>
          ))}
          <Text as="p" size="2">
            Questions? Write to{' '}
            <Link href={`mailto:${CONTACT_EMAIL}`} underline="always">
              {CONTACT_EMAIL}
            </Link>
            .
          </Text>
        </article>
      </Flex>
    </Container>
  );
}
