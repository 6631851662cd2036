import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesReport as Report } from '@dealer/shared';
import { mockApi, renderApp } from '@/testing/render';
import { SalesReport } from './sales-report';

const REPORT: Report = {
  range: { from: '2026-11-01', to: '2026-11-27', days: 27 },
  generatedAt: '2026-11-28T17:00:00.000Z',
  leads: {
    total: 6,
    bySource: [
      { source: 'question', leads: 3 },
      { source: 'test-drive', leads: 1 },
      { source: 'offer', leads: 2 },
    ],
    byStatus: [
      { status: 'New', leads: 1 },
      { status: 'Contacted', leads: 1 },
      { status: 'Test drive booked', leads: 0 },
      { status: 'Negotiating', leads: 1 },
      { status: 'Won', leads: 2 },
      { status: 'Lost', leads: 1 },
    ],
    won: 2,
    wonShare: 2 / 6,
    firstResponse: { answered: 5, unanswered: 1, medianMinutes: 150 },
  },
  sales: { carsSold: 3, valueCents: 6_500_050, medianDaysToSell: 20, meanDaysToSell: 43.7 },
  stock: {
    asOf: '2026-11-28T17:00:00.000Z',
    cars: 6,
    byAge: [
      { bucket: '0-30', cars: 2, valueCents: 2_100_000, reduced: 0 },
      { bucket: '31-60', cars: 1, valueCents: 1_200_000, reduced: 1 },
      { bucket: '61-90', cars: 2, valueCents: 2_700_000, reduced: 0 },
      { bucket: '90+', cars: 1, valueCents: 1_500_000, reduced: 1 },
    ],
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;

describe('SalesReport', () => {
  it('shows the figures in cards and captioned tables, and asks for the days in the address', async () => {
    const requests = mockApi((r) => (r.url.pathname === '/api/admin/reports/sales' ? { body: { status: 'SUCCESS', data: REPORT } } : undefined));
    renderApp(<SalesReport />, { path: '/admin/reports?from=2026-11-01&to=2026-11-27' });
    expect(await screen.findByText('November 1, 2026 to November 27, 2026 (27 days). Stock as it is now.')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/admin/reports/sales')!.url.search).toBe('?from=2026-11-01&to=2026-11-27');
    expect(screen.getByText('33.3%', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('2 h 30 min', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Mean 43.7 days, 3 cars sold')).toBeInTheDocument();
    const bySource = screen.getByRole('table', { name: 'Leads by source' });
    expect(within(rowOf(bySource, 'Question')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '50%']);
    const stock = screen.getByRole('table', { name: 'Stock by age' });
    expect(within(rowOf(stock, 'Over 90 days')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '$15,000', '1']);
    expect(within(screen.getByRole('table', { name: 'Days to sell' })).getByText('$65,000.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/reports/sales.csv?from=2026-11-01&to=2026-11-27');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('refuses a first day after the last in the form, without a call', async () => {
    const requests = mockApi(() => ({ body: { status: 'SUCCESS', data: REPORT } }));
    renderApp(<SalesReport />, { path: '/admin/reports' });
    await screen.findByRole('table', { name: 'Leads by status' });
    const calls = requests.length;
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show figures' }));
    expect(await screen.findByText('The first day must not be after the last')).toBeInTheDocument();
    expect(requests).toHaveLength(calls);
  });

  it("shows the server's message on the field for a range it refuses, and no CSV link", async () => {
    mockApi(() => ({ status: 422, body: { status: 'ERROR', statusCode: 422, message: 'Choose at most 366 days', errors: { from: 'Choose at most 366 days' } } }));
    renderApp(<SalesReport />, { path: '/admin/reports?from=2020-01-01&to=2026-01-01' });
    expect(await screen.findByRole('heading', { name: 'These days cannot be shown' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveAccessibleDescription('Choose at most 366 days'));
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });
});
