import { Box, Flex, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';
import { CONTACT_EMAIL, copyrightYear, PRODUCT_NAME } from '../../config/product.ts';

/** Footer on wider screens: Home, the legal pages, a contact mail link and the copyright. */
export function AppFooter() {
  return (
    <Box
      asChild
      display={{ initial: 'none', sm: 'block' }}
      px="4"
      py="4"
      style={{ borderTop: '1px solid var(--gray-a5)' }}
    >
      <footer>
        <Flex align="center" justify="between" gap="4" wrap="wrap">
          <Flex gap="4" asChild>
            <nav aria-label="Footer">
              <Link asChild size="2" color="gray">
                <RouterLink to="/">Home</RouterLink>
              </Link>
              <Link asChild size="2" color="gray">
                <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>
              </Link>
              <Link asChild size="2" color="gray">
                <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
              </Link>
              <Link size="2" color="gray" href={`mailto:${CONTACT_EMAIL}`}>
                Contact
              </Link>
            </nav>
          </Flex>
          <Text size="1" color="gray">
            © {copyrightYear()} {PRODUCT_NAME}. All rights reserved.
          </Text>
        </Flex>
      </footer>
    </Box>
  );
}
