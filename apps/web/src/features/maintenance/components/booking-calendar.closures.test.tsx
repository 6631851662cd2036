import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BookingCalendar, type BookingCalendarProps } from './booking-calendar';

// March 2024: the 1st is a Friday; today is Wednesday the 6th.
const TODAY = '2024-03-06';

function Harness(props: Partial<BookingCalendarProps>) {
  const [month, setMonth] = useState('2024-03');
  const [value, setValue] = useState<string | undefined>();
  return <BookingCalendar today={TODAY} month={month} onMonthChange={setMonth} value={value} onSelect={setValue} {...props} />;
}

describe('BookingCalendar closure days', () => {
  it("shows a closure day disabled, labelled 'Closed' and named with its reason, and lists the month's closures", () => {
    render(
      <Harness
        closedDays={[
          { date: '2024-03-12', reason: 'Staff training' },
          { date: '2024-03-29', reason: 'Good Friday' },
          // Past, and in another month: not listed.
          { date: '2024-03-01', reason: 'Gone' },
          { date: '2024-04-01', reason: 'Easter Monday' },
        ]}
      />,
    );
    const training = screen.getByRole('button', { name: 'Tuesday, March 12, 2024, Closed: Staff training' });
    expect(training).toBeDisabled();
    expect(training).toHaveTextContent('Closed');
    expect(training).toHaveAttribute('title', 'Closed: Staff training');
    expect(screen.getByRole('button', { name: 'Friday, March 1, 2024' })).toBeDisabled();
    const list = screen.getByRole('list', { name: 'Closure days this month' });
    expect(list).toHaveTextContent('Closed: Staff training, Tuesday, March 12, 2024');
    expect(list).toHaveTextContent('Closed: Good Friday, Friday, March 29, 2024');
    expect(list).not.toHaveTextContent('Gone');
    expect(list).not.toHaveTextContent('Easter Monday');
  });

  it('skips a closure day with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness closedDays={[{ date: '2024-03-12', reason: 'Staff training' }]} />);
    await user.click(screen.getByRole('button', { name: 'Monday, March 11, 2024' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Wednesday, March 13, 2024' })).toHaveFocus();
  });

  it('lists nothing when the month has no closure day', () => {
    render(<Harness />);
    expect(screen.queryByRole('list', { name: 'Closure days this month' })).not.toBeInTheDocument();
  });
});
