import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '@dealer/shared';
import { StatCards, statFor } from './stat-cards';

const overview: AdminOverview = {
  totalVehicles: 1234,
  maintenanceRequests: 0,
  activeUsers: 7,
  pendingApprovals: 2,
  growth: { totalVehicles: '+40%', maintenanceRequests: null, activeUsers: '-10%', pendingApprovals: null },
  recentAppointments: [],
  recentVehicles: [],
  recentUsers: [],
};

describe('StatCards', () => {
  it('shows the real figures, and the server growth or the fixed one', () => {
    render(<StatCards overview={overview} />);
    const card = (key: string) => within(screen.getByTestId(`stat-${key}`));
    expect(card('totalVehicles').getByText('Total Vehicles')).toBeInTheDocument();
    expect(card('totalVehicles').getByTestId('stat-value')).toHaveTextContent('1,234');
    expect(card('totalVehicles').getByTestId('stat-growth')).toHaveTextContent('+40%');
    // Zero is a value, not a missing one.
    expect(card('maintenanceRequests').getByTestId('stat-value')).toHaveTextContent(/^0$/);
    expect(card('maintenanceRequests').getByTestId('stat-growth')).toHaveTextContent('+5%');
    expect(card('activeUsers').getByTestId('stat-growth')).toHaveTextContent('-10%');
    expect(card('pendingApprovals').getByText('Pending Approvals')).toBeInTheDocument();
    expect(card('pendingApprovals').getByTestId('stat-growth')).toHaveTextContent('+5%');
  });

  it('falls back to 124, 45, 2,453 and 12 with +12%, +5%, +18%, +5% when there is no overview', () => {
    expect(statFor(undefined, 'totalVehicles')).toEqual({ value: '124', growth: '+12%' });
    expect(statFor(undefined, 'maintenanceRequests')).toEqual({ value: '45', growth: '+5%' });
    expect(statFor(undefined, 'activeUsers')).toEqual({ value: '2,453', growth: '+18%' });
    expect(statFor(undefined, 'pendingApprovals')).toEqual({ value: '12', growth: '+5%' });
  });
});
