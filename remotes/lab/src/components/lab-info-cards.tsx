import { BarChartIcon, CheckCircledIcon, CubeIcon, MixIcon } from '@radix-ui/react-icons';
import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

const CARDS: readonly { title: string; description: string; icon: ReactNode }[] = [
  {
    title: 'Formulation',
    description: 'Generate a formulation from compounds and a target',
    icon: <MixIcon />,
  },
  { title: 'Compliance', description: 'Check compounds against a regulation', icon: <CheckCircledIcon /> },
  { title: 'Green Score', description: "Score a formula's environmental impact", icon: <BarChartIcon /> },
  { title: 'Suppliers', description: 'Find suppliers for a chemical', icon: <CubeIcon /> },
];

/** The four capability cards of the Lab Console; informational only, they do nothing on click. */
export function LabInfoCards() {
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" mb="5">
      {CARDS.map((card) => (
        <Card key={card.title}>
          <Flex gap="3" align="start">
            <Text color="indigo" aria-hidden style={{ display: 'flex', paddingTop: 3 }}>
              {card.icon}
            </Text>
            <Flex direction="column" gap="1">
              <Heading as="h3" size="3">
                {card.title}
              </Heading>
              <Text size="2" color="gray">
                {card.description}
              </Text>
            </Flex>
          </Flex>
        </Card>
      ))}
    </Grid>
  );
}
