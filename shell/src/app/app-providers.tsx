import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/** What every screen (and every remote, through the shared singletons) runs inside. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Theme accentColor="indigo" grayColor="gray">
        {children}
        <Toaster />
      </Theme>
    </QueryClientProvider>
  );
}
