import {
  CalendarIcon,
  EnvelopeClosedIcon,
  FileIcon,
  FileTextIcon,
  TableIcon,
  VideoIcon,
} from '@radix-ui/react-icons';
import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';

/** The six services and what each lets the assistant do. */
const SERVICES = [
  { name: 'Gmail', description: 'Read, send, manage emails', Icon: EnvelopeClosedIcon },
  { name: 'Calendar', description: 'Schedule meetings, manage events', Icon: CalendarIcon },
  { name: 'Drive', description: 'Access and manage files', Icon: FileIcon },
  { name: 'Sheets', description: 'Spreadsheets', Icon: TableIcon },
  { name: 'Docs', description: 'Create and edit documents', Icon: FileTextIcon },
  { name: 'Meet', description: 'Schedule video calls', Icon: VideoIcon },
] as const;

/** Available Services: what a connected account enables. */
export function AvailableServicesCard() {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Available Services
      </Heading>
      <Grid asChild columns={{ initial: '1', sm: '2', md: '3' }} gap="3" m="0" p="0">
        <ul aria-label="Available services" style={{ listStyle: 'none' }}>
          {SERVICES.map(({ name, description, Icon }) => (
            <Flex asChild key={name} align="center" gap="3">
              <li>
                <Icon width="20" height="20" aria-hidden />
                <div>
                  <Text as="p" weight="medium">
                    {name}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {description}
                  </Text>
                </div>
              </li>
            </Flex>
          ))}
        </ul>
      </Grid>
    </Card>
  );
}
