import {
  ActivityLogIcon,
  ChatBubbleIcon,
  DotsHorizontalIcon,
  MixerHorizontalIcon,
  PersonIcon,
  SpeakerLoudIcon,
} from '@radix-ui/react-icons';
import { Box, Flex, Text } from '@radix-ui/themes';
import type { ReactNode, Ref } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isNavActive, MOBILE_TABS } from '../../app/navigation.ts';
import { NavigationMenu } from './navigation-menu.tsx';
import { PendingCount } from './pending-count.tsx';

const TAB_ICONS: Record<string, ReactNode> = {
  '/': <SpeakerLoudIcon />,
  '/sms': <ChatBubbleIcon />,
  '/contacts': <PersonIcon />,
  '/conversations': <ActivityLogIcon />,
  '/lab/console': <MixerHorizontalIcon />,
};

function TabLabel({
  icon,
  label,
  active,
  count,
}: {
  icon: ReactNode;
  label: string;
  active: boolean;
  count?: boolean;
}) {
  return (
    <Flex direction="column" align="center" gap="1" py="2">
      <Flex align="center">
        {icon}
        {count && <PendingCount />}
      </Flex>
      <Text size="1" weight={active ? 'bold' : 'regular'}>
        {label}
      </Text>
    </Flex>
  );
}

/**
 * The phone-width bottom bar: Voice, Messages, Contacts, History, Lab, and More (the full menu), above the
 * screen's safe area (app.css's .app-tab-bar pads it by the inset).
 */
export function MobileTabBar({ isAdmin, barRef }: { isAdmin: boolean; barRef?: Ref<HTMLElement> }) {
  const { pathname } = useLocation();
  return (
    <Box
      asChild
      display={{ initial: 'block', sm: 'none' }}
      position="fixed"
      bottom="0"
      left="0"
      right="0"
      style={{ borderTop: '1px solid var(--gray-a5)', background: 'var(--color-panel-solid)', zIndex: 1 }}
    >
      <nav aria-label="Tabs" className="app-tab-bar" ref={barRef}>
        <Flex justify="between">
          {MOBILE_TABS.map((tab) => {
            const active = isNavActive(pathname, tab.to);
            return (
              <Box
                key={tab.to}
                flexGrow="1"
                asChild
                style={{ color: active ? 'var(--accent-11)' : 'var(--gray-11)', textDecoration: 'none' }}
              >
                <Link to={tab.to} aria-current={active ? 'page' : undefined}>
                  <TabLabel
                    icon={TAB_ICONS[tab.to]}
                    label={tab.label}
                    active={active}
                    count={tab.showsPendingCount}
                  />
                </Link>
              </Box>
            );
          })}
          <Box flexGrow="1">
            <NavigationMenu
              isAdmin={isAdmin}
              triggerLabel="More"
              trigger={
                <button
                  type="button"
                  style={{ all: 'unset', width: '100%', cursor: 'pointer', color: 'var(--gray-11)' }}
                >
                  <TabLabel icon={<DotsHorizontalIcon />} label="More" active={false} />
                </button>
              }
            />
          </Box>
        </Flex>
      </nav>
    </Box>
  );
}
