import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIME_SLOTS } from '@dealer/shared';
import { describe, expect, it, vi } from 'vitest';
import { TimeSlotPicker, openingPeriod } from './time-slot-picker';

const slots = TIME_SLOTS.map((time) => ({ time, available: !['09:00 AM', '02:00 PM'].includes(time) }));

describe('TimeSlotPicker', () => {
  it("opens on the morning slots; a taken slot is disabled and labelled 'Booked'", () => {
    render(<TimeSlotPicker slots={slots} onSelect={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Morning' })).toHaveAttribute('aria-selected', 'true');
    const morning = screen.getByRole('group', { name: 'Morning time slots' });
    expect(within(morning).getAllByRole('button')).toHaveLength(4);
    const booked = within(morning).getByRole('button', { name: '09:00 AM Booked' });
    expect(booked).toBeDisabled();
    expect(booked).toHaveTextContent('Booked');
    expect(within(morning).getByRole('button', { name: '08:00 AM' })).toBeEnabled();
    expect(within(morning).getByRole('button', { name: '08:00 AM' })).not.toHaveTextContent('Booked');
  });

  it('groups afternoon and evening slots and selects with the keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<TimeSlotPicker slots={slots} onSelect={onSelect} />);
    await user.click(screen.getByRole('tab', { name: 'Afternoon' }));
    const afternoon = screen.getByRole('group', { name: 'Afternoon time slots' });
    expect(within(afternoon).getByRole('button', { name: '02:00 PM Booked' })).toBeDisabled();
    within(afternoon).getByRole('button', { name: '01:00 PM' }).focus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledWith('01:00 PM');
    await user.click(screen.getByRole('tab', { name: 'Evening' }));
    const evening = screen.getByRole('group', { name: 'Evening time slots' });
    expect(within(evening).getAllByRole('button').map((b) => b.textContent)).toEqual(['04:00 PM', '05:00 PM', '06:00 PM', '07:00 PM']);
    within(evening).getByRole('button', { name: '07:00 PM' }).focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('07:00 PM');
  });

  it('opens on the period of the chosen slot and marks it pressed', () => {
    render(<TimeSlotPicker slots={slots} value="06:00 PM" onSelect={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Evening' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '06:00 PM' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens on the first period with a free slot when the morning is all taken or past', () => {
    const lateDay = TIME_SLOTS.map((time, i) => ({ time, available: i >= 9, ...(i < 9 ? { reason: 'past' as const } : {}) }));
    render(<TimeSlotPicker slots={lateDay} onSelect={() => {}} />);
    expect(screen.getByRole('tab', { name: 'Evening' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '05:00 PM' })).toBeEnabled();
  });

  it('picks the opening period: the chosen slot first, then the first free period, else morning', () => {
    const free = (times: string[]) => TIME_SLOTS.map((time) => ({ time, available: times.includes(time) }));
    expect(openingPeriod(free(['01:00 PM', '05:00 PM']))).toBe('afternoon');
    expect(openingPeriod(free(['08:00 AM', '05:00 PM']), '05:00 PM')).toBe('evening');
    expect(openingPeriod(free([]))).toBe('morning');
  });

  it("says why a slot is closed: 'Past', 'Closed' or 'Booked'", () => {
    const mixed = TIME_SLOTS.map((time, i) =>
      i === 0 ? { time, available: false, reason: 'past' as const } : i === 1 ? { time, available: false, reason: 'closed' as const } : i === 2 ? { time, available: false, reason: 'full' as const } : { time, available: true },
    );
    render(<TimeSlotPicker slots={mixed} onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: '08:00 AM Past' })).toHaveTextContent('Past');
    expect(screen.getByRole('button', { name: '09:00 AM Closed' })).toHaveTextContent('Closed');
    expect(screen.getByRole('button', { name: '10:00 AM Booked' })).toHaveTextContent('Booked');
  });
});
