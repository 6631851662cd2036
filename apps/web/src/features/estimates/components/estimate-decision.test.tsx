import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Estimate } from '@dealer/shared';
import { renderApp } from '@/testing/render';
import { EstimateDecision } from './estimate-decision';

const line = (id: string, description: string, amountCents: number) => ({
  _id: id,
  position: 0,
  kind: 'Part' as const,
  description,
  quantityHundredths: 100,
  unitPriceCents: amountCents,
  amountCents,
  decision: null,
  finding: null,
});

const estimate: Estimate = {
  _id: 'e1',
  appointmentId: 'a1',
  status: 'Sent',
  version: 2,
  vehicle: { make: 'Honda', model: 'Civic', year: '2018', registration: 'AB1' },
  customerName: 'Carla Customer',
  specificService: 'Oil Change',
  appointmentDate: '2026-06-01',
  // 0.1 + 0.2 in dollars is not 0.3 in floating point; in cents it is.
  lines: [line('l1', 'Pads', 10), line('l2', 'Filter', 20), line('l3', 'Wipers', 1999)],
  taxRateBasisPoints: 825,
  totals: { subtotalCents: 2029, taxCents: 167, totalCents: 2196 },
  approved: null,
  sentAt: '2026-06-01T10:00:00.000Z',
  decidedAt: null,
  decidedName: null,
};

describe('EstimateDecision', () => {
  it('keeps a running total of the approved lines from integer cents, and asks for every line and the name', async () => {
    const decide = vi.fn().mockResolvedValue(undefined);
    renderApp(<EstimateDecision estimate={estimate} decide={decide} pending={false} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Approve Pads' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Approve Filter' }));
    // 30 cents, tax 2.475 -> 2 cents (half up on the subtotal).
    expect(screen.getByLabelText('Running total')).toHaveTextContent('$0.30');
    expect(screen.getByLabelText('Running total')).toHaveTextContent('$0.32');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my decision' }));
    expect(await screen.findByText('Approve or decline every line')).toBeInTheDocument();
    expect(screen.getByText('Type your full name to confirm')).toBeInTheDocument();
    expect(decide).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Decline Wipers' }));
    await userEvent.type(screen.getByLabelText('Your full name'), 'Carla Customer');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my decision' }));
    expect(decide).toHaveBeenCalledWith({
      decisions: [
        { lineId: 'l1', decision: 'Approved' },
        { lineId: 'l2', decision: 'Approved' },
        { lineId: 'l3', decision: 'Declined' },
      ],
      fullName: 'Carla Customer',
    });
  });
});
