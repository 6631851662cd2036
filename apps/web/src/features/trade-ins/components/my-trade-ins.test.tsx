import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradeIn } from '@dealer/shared';
import { mockApi, renderApp } from '@/testing/render';
import { ok, user } from '@/testing/factories';
import { MyTradeIns } from './my-trade-ins';

function tradeIn(overrides: Partial<TradeIn> = {}): TradeIn {
  return {
    _id: 't0000000-0000-4000-8000-000000000001',
    status: 'Offer made',
    vin: null,
    registration: 'AB12CDE',
    make: 'Ford',
    model: 'Focus',
    year: 2018,
    mileage: 45_000,
    condition: { accidentHistory: 'none', serviceHistory: 'full', keys: 'two', warningLights: 'no', tyres: 'good', bodywork: 'fair' },
    notes: null,
    photos: [],
    vehicle: null,
    offer: { amountCents: 987_650, expiresAt: '2026-12-01T19:30:00.000Z', expiresAtText: 'December 1, 2026, 2:30 PM', note: 'Subject to inspection', madeAt: '2026-11-28T10:00:00.000Z' },
    answeredAt: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('MyTradeIns', () => {
  it('shows a live offer with its expiry and accepts it after asking', async () => {
    const requests = mockApi((r) => (r.url.pathname === '/api/trade-ins' ? ok([tradeIn()]) : r.url.pathname.endsWith('/accept') ? ok(tradeIn({ status: 'Accepted' })) : undefined), { as: user() });
    renderApp(<MyTradeIns />);
    const card = await screen.findByTestId('trade-in');
    expect(within(card).getByText('$9,876.50')).toBeInTheDocument();
    expect(within(card).getByText(', valid until December 1, 2026, 2:30 PM')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === `/api/trade-ins/${tradeIn()._id}/accept`)).toBe(true));
  });

  it('says when an expired offer expired, and offers no answer', async () => {
    mockApi((r) => (r.url.pathname === '/api/trade-ins' ? ok([tradeIn({ status: 'Expired' })]) : undefined), { as: user() });
    renderApp(<MyTradeIns />);
    const card = await screen.findByTestId('trade-in');
    expect(within(card).getByTestId('offer-expired')).toHaveTextContent('This offer expired on December 1, 2026, 2:30 PM.');
    expect(within(card).queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  });
});
