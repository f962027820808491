import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';

function activeTab(path: string): string | null {
  renderWithProviders(<MobileTabBar isAdmin={false} />, { path });
  const current = within(screen.getByRole('navigation', { name: 'Tabs' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page');
  expect(current.length).toBeLessThanOrEqual(1);
  return current[0]?.textContent ?? null;
}

describe('MobileTabBar', () => {
  it('marks Voice active only on exactly /', () => {
    expect(activeTab('/')).toBe('Voice');
  });

  it('marks a tab active on its path and the paths below it', () => {
    expect(activeTab('/sms/%2B15551234567')).toBe('Messages');
  });

  it('marks History active on /conversations', () => {
    expect(activeTab('/conversations')).toBe('History');
  });

  it('marks no tab on a path none of them owns', () => {
    expect(activeTab('/knowledge')).toBeNull();
  });

  it('offers More, which opens the full menu', () => {
    renderWithProviders(<MobileTabBar isAdmin={false} />);
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
  });
});
