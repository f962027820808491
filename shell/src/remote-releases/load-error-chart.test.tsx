import type { RemoteLoadErrorChart } from '@annie/contracts/remote-releases';
import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadErrorChart, seriesOf } from './load-error-chart.tsx';

const NOW = Date.parse('2026-11-28T12:30:00.000Z');
const chart: RemoteLoadErrorChart = {
  remote: 'lab',
  bucket: 'hour',
  versions: [
    {
      version: '1.1.0',
      since: '2026-11-28T09:10:00.000Z',
      errors: 5,
      points: [
        { at: '2026-11-28T10:00:00.000Z', errors: 4 },
        { at: '2026-11-28T12:00:00.000Z', errors: 1 },
      ],
    },
    { version: '1.0.0', since: '2026-11-28T08:00:00.000Z', errors: 0, points: [] },
  ],
};

describe('the load failures chart', () => {
  it("fills each version's hours from its activation to now, the hours without failures at 0", () => {
    const [newest, older] = seriesOf(chart, NOW);
    expect(newest?.points.map((point) => point.errors)).toEqual([0, 4, 0, 1]);
    expect(older?.points).toHaveLength(5);
    expect(older?.points.every((point) => point.errors === 0)).toBe(true);
  });

  it('draws one line per version, a dot per period with failures, and a legend in words', () => {
    render(
      <Theme>
        <LoadErrorChart chart={chart} now={NOW} />
      </Theme>,
    );
    const svg = screen.getByRole('img', { name: /Load failures per hour and version\. 1\.1\.0: 5 since/ });
    expect(svg.querySelectorAll('polyline')).toHaveLength(2);
    expect([...svg.querySelectorAll('circle')].map((dot) => dot.getAttribute('data-errors'))).toEqual([
      '4',
      '1',
    ]);
    const legend = screen.getByRole('list', { name: 'Versions charted' });
    expect(legend).toHaveTextContent('1.1.0: 5 failures since');
    expect(legend).toHaveTextContent('1.0.0: 0 failures since');
  });

  it('says so when no version was activated', () => {
    render(
      <Theme>
        <LoadErrorChart chart={{ remote: 'lab', bucket: 'hour', versions: [] }} now={NOW} />
      </Theme>,
    );
    expect(screen.getByText('No version has been activated here yet.')).toBeVisible();
  });
});
