import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BookingCalendar, type BookingCalendarProps } from './booking-calendar';

// March 2024: the 1st is a Friday, the 3rd, 10th, 17th, 24th and 31st are Sundays.
const TODAY = '2024-03-06';

function Harness(props: Partial<BookingCalendarProps>) {
  const [month, setMonth] = useState('2024-03');
  const [value, setValue] = useState<string | undefined>(props.value);
  return (
    <BookingCalendar
      today={TODAY}
      month={month}
      onMonthChange={setMonth}
      {...props}
      value={value}
      onSelect={(date) => {
        setValue(date);
        props.onSelect?.(date);
      }}
    />
  );
}

const day = (name: string | RegExp) => screen.getByRole('button', { name });

describe('BookingCalendar', () => {
  it('disables past dates, Sundays and unavailable dates, and keeps free days open', () => {
    render(<Harness unavailableDates={['2024-03-12']} />);
    expect(day('Tuesday, March 5, 2024')).toBeDisabled();
    expect(day('Wednesday, March 6, 2024')).toBeEnabled();
    expect(day('Sunday, March 10, 2024')).toBeDisabled();
    expect(day('Sunday, March 31, 2024')).toBeDisabled();
    expect(day('Tuesday, March 12, 2024')).toBeDisabled();
    expect(day('Monday, March 11, 2024')).toBeEnabled();
    expect(day('Saturday, March 30, 2024')).toBeEnabled();
  });

  it("shows full dates disabled, in red and labelled 'Unavailable'", () => {
    render(<Harness unavailableDates={['2024-03-14']} fullDates={['2024-03-14']} />);
    const full = day('Thursday, March 14, 2024, Unavailable');
    expect(full).toBeDisabled();
    expect(full).toHaveClass('text-red-700');
    // The word is wider than a day's cell (it broke mid-word there): it heads the list of full days
    // under the month, whole, at every width, and the cell carries it in its name.
    expect(full).not.toHaveTextContent('Unavailable');
    expect(within(screen.getByRole('list', { name: 'Fully booked days this month' })).getByRole('listitem')).toHaveTextContent(
      'Unavailable, Thursday, March 14, 2024',
    );
    // A plain past day is not called 'Unavailable'.
    expect(day('Monday, March 4, 2024')).not.toHaveTextContent('Unavailable');
  });

  it('selects a day by click and marks it pressed', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await userEvent.click(day('Friday, March 8, 2024'));
    expect(onSelect).toHaveBeenCalledWith('2024-03-08');
    expect(day('Friday, March 8, 2024')).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps one day in the tab order and moves with the arrow keys, skipping closed days', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} unavailableDates={['2024-03-07']} />);
    const tabbable = screen
      .getAllByRole('button')
      .filter((b) => b.getAttribute('tabindex') === '0' && /2024/.test(b.getAttribute('aria-label') ?? ''));
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]).toHaveAccessibleName('Wednesday, March 6, 2024');
    tabbable[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(day('Friday, March 8, 2024')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    // Saturday 9th, then Sunday 10th is skipped.
    expect(day('Monday, March 11, 2024')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('Monday, March 18, 2024')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2024-03-18');
    await user.keyboard('{ArrowLeft} ');
    expect(onSelect).toHaveBeenLastCalledWith('2024-03-16');
  });

  it('offers no day past the booking horizon and does not browse beyond its month', async () => {
    render(<Harness lastDate="2024-04-04" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('April 2024')).toBeInTheDocument();
    expect(day('Thursday, April 4, 2024')).toBeEnabled();
    expect(day('Friday, April 5, 2024')).toBeDisabled();
    expect(day('Tuesday, April 30, 2024')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('moves between months; the month of today cannot go back', async () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('April 2024')).toBeInTheDocument();
    expect(day('Monday, April 1, 2024')).toBeEnabled();
    expect(day('Sunday, April 7, 2024')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });
});
