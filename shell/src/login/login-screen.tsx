import { errorMessage, isApiError } from '@annie/api-client/http';
import { USERNAME_MAX_LENGTH } from '@annie/contracts/auth-limits';
import { Box, Button, Card, Flex, Heading, Link, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { signIn } from '../api/sign-in.ts';
import { prefetchFederatedApp } from '../boot/federated-app.ts';
import { PRODUCT_NAME, RELOAD_DELAY_MS } from '../config/product.ts';

/** Notice text of a failed login: the server's message, else a generic one. */
export function loginFailureMessage(error: unknown): string {
  const fallback =
    isApiError(error) && error.status === 401 ? 'Invalid username or password' : 'Login failed';
  return errorMessage(error, fallback);
}

/** What the card says under Sign In: a refusal (role alert) or the welcome before the reload (status). */
type LoginNotice = { kind: 'error' | 'welcome'; title: string; description: string };

const WELCOME: LoginNotice = {
  kind: 'welcome',
  title: 'Login successful',
  description: `Welcome to ${PRODUCT_NAME}!`,
};

// Room for a notice's two lines, kept whether one shows or not: a refusal or the welcome fills it without
// moving the card (centred on the page, it would move by half of anything added) or the button.
const NOTICE_MIN_HEIGHT = 44;

/**
 * The notices, in the card rather than as toasts: the page reloads 500 ms after a success, and the
 * toasts' code (fetched on the first toast) brought its own styles, which moved the card and grew the
 * button. Styled with what the page already has (its stylesheet holds only the rules its own markup uses).
 */
function LoginNoticeArea({ notice }: { notice: LoginNotice | null }) {
  return (
    <div style={{ minHeight: NOTICE_MIN_HEIGHT }}>
      {notice && (
        <Flex
          direction="column"
          gap="1"
          role={notice.kind === 'error' ? 'alert' : 'status'}
          style={{ color: notice.kind === 'error' ? 'var(--red-11)' : 'var(--green-11)' }}
        >
          <Text size="2" weight="medium">
            {notice.title}
          </Text>
          <Text size="2">{notice.description}</Text>
        </Flex>
      )}
    </div>
  );
}

/**
 * The only screen an unauthenticated visitor sees. It is also rendered at build time into index.html
 * (login-markup.tsx) and hydrated, so the fields are uncontrolled: what a visitor types before the
 * script has run stays in the inputs and is read on submit. Sign In is enabled once hydrated.
 */
export function LoginScreen({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [hydrated, setHydrated] = useState(false);
  const usernameId = useId();
  const passwordId = useId();
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<LoginNotice | null>(null);
  const welcomed = notice?.kind === 'welcome';
  useEffect(() => setHydrated(true), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const username = String(fields.get('username') ?? '');
    const password = String(fields.get('password') ?? '');
    if (!username || !password) {
      setNotice({
        kind: 'error',
        title: 'Missing credentials',
        description: 'Please enter both username and password',
      });
      return;
    }
    setPending(true);
    setNotice(null);
    signIn({ username, password }).then(
      () => {
        setPending(false);
        setNotice(WELCOME);
        prefetchFederatedApp();
        setTimeout(reload, RELOAD_DELAY_MS);
      },
      (error: unknown) => {
        setPending(false);
        setNotice({ kind: 'error', title: 'Login failed', description: loginFailureMessage(error) });
      },
    );
  }

  return (
    <Flex asChild align="center" justify="center" minHeight="100vh" p="4">
      <main>
        <Box width="100%" maxWidth="400px">
          <Card size="3">
            <Flex direction="column" gap="2" mb="5">
              <Heading as="h1" size="6">
                {PRODUCT_NAME} Login
              </Heading>
              <Text as="p" size="2" color="gray">
                Enter your credentials to access the system
              </Text>
            </Flex>
            <form onSubmit={handleSubmit} noValidate>
              <Flex direction="column" gap="4">
                <Flex direction="column" gap="1">
                  <Text as="label" htmlFor={usernameId} size="2" weight="medium">
                    Username
                  </Text>
                  <TextField.Root
                    id={usernameId}
                    name="username"
                    autoComplete="username"
                    maxLength={USERNAME_MAX_LENGTH}
                  />
                </Flex>
                <Flex direction="column" gap="1">
                  <Text as="label" htmlFor={passwordId} size="2" weight="medium">
                    Password
                  </Text>
                  <TextField.Root
                    id={passwordId}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                  />
                </Flex>
                <Button type="submit" size="3" disabled={!hydrated || pending || welcomed}>
                  {pending ? 'Signing in...' : 'Sign In'}
                </Button>
                <LoginNoticeArea notice={notice} />
              </Flex>
            </form>
          </Card>
          {/* Plain links: the legal pages are public, served without a session (Google's verification reads them). */}
          <Flex asChild justify="center" gap="4" mt="4">
            <nav aria-label="Legal">
              <Link href="/privacy-policy" size="2" color="gray">
                Privacy Policy
              </Link>
              <Link href="/terms-of-service" size="2" color="gray">
                Terms of Service
              </Link>
            </nav>
          </Flex>
        </Box>
      </main>
    </Flex>
  );
}
