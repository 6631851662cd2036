import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { TIME_SLOTS, type SlotAvailability } from '@dealer/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDefaults, type BookingFormValues } from '../utils/booking-form';
import { DateTimeStep } from './date-time-step';

// Saturday 30 March 2024, evening: the rest of March is a Sunday and nothing else.
const TODAY = '2024-03-30';
let unavailableByMonth: Record<string, string[]> = {};
let daySlots: SlotAvailability[] = [];
const monthsAsked: string[] = [];

function json(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify({ status: 'SUCCESS', data: body }), { headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  monthsAsked.length = 0;
  unavailableByMonth = { '2024-03': ['2024-03-30'] };
  daySlots = TIME_SLOTS.map((time) => ({ time, available: true }));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/maintenance/availability/month') {
        const month = url.searchParams.get('month')!;
        monthsAsked.push(month);
        return json({ month, unavailableDates: unavailableByMonth[month] ?? [], fullDates: [] });
      }
      if (url.pathname === '/api/maintenance/availability') return json({ date: url.searchParams.get('date'), availability: daySlots });
      if (url.pathname === '/api/closure-days') return json([]);
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ children, date = '' }: { children: ReactNode; date?: string }) {
  const form = useForm<BookingFormValues>({ defaultValues: { ...bookingDefaults('routine', null), appointmentDate: date } });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderStep(date?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Harness date={date}>
        <DateTimeStep today={TODAY} />
      </Harness>
    </QueryClientProvider>,
  );
}

// Walking the months renders the calendar once a month: past 5 s on a loaded two-core CI machine (2026-11-30).
describe('DateTimeStep', { timeout: 30_000 }, () => {
  it('opens on the first month with a bookable day when the current one has none left', async () => {
    renderStep();
    expect(await screen.findByRole('heading', { name: 'April 2024' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monday, April 1, 2024' })).toBeEnabled();
    expect(monthsAsked).toContain('2024-03');
  });

  it('skips a fully booked month too, and stays where the visitor turns to', async () => {
    const user = userEvent.setup();
    const april = Array.from({ length: 30 }, (_, i) => `2024-04-${String(i + 1).padStart(2, '0')}`);
    unavailableByMonth['2024-04'] = april;
    renderStep();
    expect(await screen.findByRole('heading', { name: 'May 2024' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'April 2024' })).toBeInTheDocument();
    // A moment later it is still April: the visitor's choice is kept.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'April 2024' })).toBeInTheDocument();
  });

  it('stays on the current month while it has a bookable day', async () => {
    unavailableByMonth['2024-03'] = [];
    renderStep();
    expect(await screen.findByRole('button', { name: 'Saturday, March 30, 2024' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'March 2024' })).toBeInTheDocument();
  });

  it("opens the slots on the first period with a free slot and labels today's past hours 'Past'", async () => {
    const user = userEvent.setup();
    unavailableByMonth['2024-03'] = [];
    daySlots = TIME_SLOTS.map((time, i) =>
      i < 6 ? { time, available: false, reason: 'past' as const } : i === 6 ? { time, available: false, reason: 'full' as const } : { time, available: true },
    );
    renderStep();
    await user.click(await screen.findByRole('button', { name: 'Saturday, March 30, 2024' }));
    expect(await screen.findByRole('tab', { name: 'Afternoon' })).toHaveAttribute('aria-selected', 'true');
    const afternoon = screen.getByRole('group', { name: 'Afternoon time slots' });
    expect(within(afternoon).getByRole('button', { name: '01:00 PM Past' })).toBeDisabled();
    expect(within(afternoon).getByRole('button', { name: '02:00 PM Booked' })).toBeDisabled();
    expect(within(afternoon).getByRole('button', { name: '03:00 PM' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'Morning' }));
    const morning = screen.getByRole('group', { name: 'Morning time slots' });
    expect(within(morning).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '08:00 AM Past',
      '09:00 AM Past',
      '10:00 AM Past',
      '11:00 AM Past',
    ]);
    expect(within(morning).queryByText('Booked')).not.toBeInTheDocument();
  });
});
