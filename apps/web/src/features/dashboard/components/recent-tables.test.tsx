import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vehicle } from '@/testing/factories';
import { renderApp } from '@/testing/render';
import { RecentVehicles } from './recent-tables';

describe('RecentVehicles', () => {
  it('labels each cell for the phone cards and names a car once', async () => {
    renderApp(
      <RecentVehicles
        items={[
          vehicle({ _id: 'v0000000-0000-4000-8000-000000000001', title: '2019 Toyota Camry SE' }),
          vehicle({ _id: 'v0000000-0000-4000-8000-000000000002', title: 'Family car, one owner' }),
        ]}
      />,
    );
    const table = await screen.findByRole('region', { name: 'Recent vehicles' });
    const [, first, second] = within(table).getAllByRole('row');
    // Each cell carries its column's name, shown on the cards below 768 px.
    for (const label of ['ID', 'Vehicle', 'Price', 'Status']) expect(within(first!).getByText(label)).toBeInTheDocument();
    expect(within(first!).queryByText('2019 Toyota Camry')).not.toBeInTheDocument();
    expect(within(second!).getByText('2019 Toyota Camry')).toBeInTheDocument();
  });
});
