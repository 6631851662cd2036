import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIME_SLOTS } from '@dealer/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointment as appointmentOf } from '@/testing/factories';
import { renderWithQuery } from '@/testing/render';
import { dismissToast, useToasts } from '@/components/toast/toast-store';
import { AppointmentCard } from './appointment-card';
import { RescheduleDialog } from './reschedule-dialog';

/** The customer's own booking, as the API answers it. */
const appointment = appointmentOf({
  _id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  appointmentDate: '2024-03-05T12:00:00.000Z',
  appointmentTime: '09:00 AM',
  vehicle: { make: 'Toyota', model: 'Camry', year: '2020', registration: 'ABC-1234' },
  customer: { name: 'Jane', email: 'jane@example.com', phone: '5550102000' },
  cost: 120,
  technician: 'Mike Ross',
  status: 'Scheduled',
  userId: 'u1',
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
});

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** The server as the dialog sees it; `onPatch` answers the reschedule call. */
function stubServer(onPatch: (body: Record<string, string>) => Promise<Response>) {
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'PATCH') return onPatch(JSON.parse(String(init.body)));
    if (url.pathname === '/api/maintenance/settings') {
      return json({
        status: 'SUCCESS',
        data: { emergencyPhone: '1', workshopTimeZone: 'America/New_York', slotCapacity: 2, today: '2024-03-01', lastBookableDate: '2024-05-30', maxOpenBookings: 3 },
      });
    }
    if (url.pathname === '/api/maintenance/availability/month') {
      return json({ status: 'SUCCESS', data: { month: url.searchParams.get('month'), unavailableDates: [], fullDates: [] } });
    }
    if (url.pathname === '/api/maintenance/availability') {
      return json({ status: 'SUCCESS', data: { date: url.searchParams.get('date'), availability: TIME_SLOTS.map((time) => ({ time, available: true })) } });
    }
    if (url.pathname === '/api/closure-days') return json({ status: 'SUCCESS', data: [] });
    return json({ status: 'ERROR', statusCode: 404, message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function ToastProbe() {
  const open = useToasts().filter((t) => t.open);
  return <div data-testid="toasts">{open.map((t) => `${t.title} ${t.description}`).join('|')}</div>;
}

function renderDialog(props: { staff?: boolean; onOpenChange?: (open: boolean) => void } = {}) {
  renderWithQuery(
    <>
      <RescheduleDialog appointment={appointment} open onOpenChange={props.onOpenChange ?? (() => undefined)} staff={props.staff} />
      <ToastProbe />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

describe('RescheduleDialog', { timeout: 60_000 }, () => {
  it("shows the current time, marks the appointment's own slot and moves it to another", async () => {
    const patches: Record<string, string>[] = [];
    stubServer((body) => {
      patches.push(body);
      return json({ status: 'SUCCESS', data: { ...appointment, ...body, status: 'Pending' } });
    });
    const onOpenChange = vi.fn();
    renderDialog({ onOpenChange });
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    await within(dialog).findByText('Current time:', {}, { timeout: 5000 });
    await within(dialog).findAllByRole('button', { name: /^\d\d:00 [AP]M$/ }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Current time: March 5, 2024 at 09:00 AM');
    expect(dialog).toHaveTextContent('A new time goes back to the workshop for confirmation.');
    // The calendar opens on the appointment's own day.
    expect(await within(dialog).findByRole('button', { name: 'Tuesday, March 5, 2024' })).toHaveAttribute('aria-pressed', 'true');

    // Its own slot is marked, not offered; nothing chosen yet is a message, not a call.
    expect(within(dialog).getByRole('button', { name: '09:00 AM Current' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText('Please select a time slot')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Wednesday, March 6, 2024' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '10:00 AM' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(/New time: March 6, 2024 at 10:00 AM\. The workshop will confirm it\./)).toBeInTheDocument();
    expect(screen.getByTestId('toasts')).toHaveTextContent('Appointment rescheduled successfully!');
    expect(patches).toEqual([{ appointmentDate: '2024-03-06', appointmentTime: '10:00 AM' }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('puts a full slot refusal under the time slots and stays open', async () => {
    const full = 'This time slot is fully booked. Please choose another time.';
    stubServer(() => json({ status: 'ERROR', statusCode: 409, message: full, errors: { appointmentTime: full } }, 409));
    const onOpenChange = vi.fn();
    renderDialog({ staff: true, onOpenChange });
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    await within(dialog).findByText('Current time:', {}, { timeout: 5000 });
    await within(dialog).findAllByRole('button', { name: /^\d\d:00 [AP]M$/ }, { timeout: 5000 });
    // Staff keep the status, so they are not told it goes back for confirmation.
    expect(dialog).not.toHaveTextContent('A new time goes back to the workshop for confirmation.');
    await userEvent.click(await within(dialog).findByRole('button', { name: '11:00 AM' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText(full)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe('the history card', () => {
  it.each(['Pending', 'Scheduled'] as const)('offers Reschedule on a %s appointment', (status) => {
    renderWithQuery(<AppointmentCard appointment={{ ...appointment, status }} />);
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  });

  it.each(['Completed', 'Cancelled'] as const)('offers no Reschedule on a %s appointment', (status) => {
    renderWithQuery(<AppointmentCard appointment={{ ...appointment, status }} />);
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });
});
