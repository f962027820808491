import type { LabJobType } from '@annie/contracts/lab';
import { BarChartIcon, CheckCircledIcon, CubeIcon, MixIcon } from '@radix-ui/react-icons';
import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LAB_PATHS } from '../lib/lab-paths.ts';

const CARDS: readonly { type: LabJobType; title: string; description: string; icon: ReactNode }[] = [
  {
    type: 'formulate',
    title: 'Formulation',
    description: 'Generate a formulation from compounds and a target',
    icon: <MixIcon />,
  },
  {
    type: 'compliance_check',
    title: 'Compliance',
    description: 'Check compounds against a regulation',
    icon: <CheckCircledIcon />,
  },
  {
    type: 'green_score',
    title: 'Green Score',
    description: "Score a formula's environmental impact",
    icon: <BarChartIcon />,
  },
  {
    type: 'supplier_search',
    title: 'Suppliers',
    description: 'Find suppliers for a chemical',
    icon: <CubeIcon />,
  },
];

/**
 * The four capabilities, each a real link to the new-job form opened on its type (a card that looked
 * clickable and did nothing was a trap).
 */
export function LabInfoCards() {
  return (
    <nav aria-label="Start a job">
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" mt="5">
        {CARDS.map((card) => (
          <Card key={card.type} asChild>
            <Link to={LAB_PATHS.newJobOfType(card.type)}>
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
            </Link>
          </Card>
        ))}
      </Grid>
    </nav>
  );
}
