import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/** What every screen (and every remote, through the shared singletons) runs inside. */
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** The client to use (one start-up has begun filling); a new one when absent. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Theme accentColor="indigo" grayColor="gray">
        {children}
        <Toaster />
      </Theme>
    </QueryClientProvider>
  );
}
