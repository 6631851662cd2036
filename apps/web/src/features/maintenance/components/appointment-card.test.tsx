import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaintenanceAppointment } from '@dealer/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointment as appointmentOf } from '@/testing/factories';
import { renderWithQuery } from '@/testing/render';
import { dismissToast, useToasts } from '@/components/toast/toast-store';
import { AppointmentCard } from './appointment-card';

/** The customer's own booking, as the API answers it. */
const base = appointmentOf({
  _id: 'a1b2c3d4e5f6a7b8',
  appointmentDate: '2024-03-05T12:00:00.000Z',
  appointmentTime: '09:00 AM',
  vehicle: { make: 'Toyota', model: 'Camry', year: '2020', registration: 'ABC-1234' },
  customer: { name: 'Jane', email: 'jane@example.com', phone: '5550102000' },
  userId: 'u1',
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
});

function renderCard(overrides: Partial<MaintenanceAppointment>) {
  renderWithQuery(<AppointmentCard appointment={{ ...base, ...overrides }} />);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  dismissToast();
});

function ToastProbe() {
  const open = useToasts().filter((t) => t.open);
  return <div data-testid="toasts">{open.map((t) => `${t.title}: ${t.description}`).join('|')}</div>;
}

function renderWithToasts(overrides: Partial<MaintenanceAppointment>) {
  renderWithQuery(
    <>
      <AppointmentCard appointment={{ ...base, ...overrides }} />
      <ToastProbe />
    </>,
  );
}

/** Cancelling asks first: the dialog's own 'Cancel Appointment' goes ahead. */
async function confirmCancel() {
  const dialog = await screen.findByRole('dialog', { name: 'Cancel Appointment' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Appointment' }));
}

describe('AppointmentCard', { timeout: 60_000 }, () => {
  it('asks before cancelling; Keep Appointment changes nothing', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    renderCard({ status: 'Scheduled' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Appointment' });
    expect(dialog).toHaveTextContent('Oil Change on March 5, 2024');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Appointment' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled();
  });

  it("says 'Cancelling...' on the card being cancelled only", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithQuery(
      <>
        <AppointmentCard appointment={{ ...base, _id: 'first' }} />
        <AppointmentCard appointment={{ ...base, _id: 'second', specificService: 'Tire Rotation', status: 'Scheduled' }} />
      </>,
    );
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel Appointment' }));
    await confirmCancel();
    expect(await within(first).findByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    expect(within(second).getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled();
    expect(fetch).toHaveBeenCalledWith('/api/maintenance/first/cancel', expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows the fallbacks of an unassigned appointment and offers cancel and calendar', () => {
    renderCard({});
    expect(screen.getByRole('heading', { name: 'Oil Change' })).toBeInTheDocument();
    expect(screen.getByText('Routine Maintenance')).toBeInTheDocument();
    expect(screen.getByText('Toyota Camry 2020')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('Not assigned yet')).toBeInTheDocument();
    expect(screen.getByText('To be determined')).toBeInTheDocument();
    expect(screen.getByText('No notes available')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeEnabled();
  });

  it.each([
    ['Pacific/Kiritimati', 'UTC+14'],
    ['Pacific/Pago_Pago', 'UTC-11'],
  ])('shows the booked day in a browser in %s (%s) too', (zone) => {
    // Node applies a change of TZ at once: the card renders as it would in that zone.
    vi.stubEnv('TZ', zone);
    renderCard({});
    expect(screen.getByText('March 5, 2024')).toBeInTheDocument();
  });

  it('shows technician, cost in dollars and the notes, falling back to the customer notes', () => {
    renderCard({ status: 'Scheduled', technician: 'Mike Ross', cost: 1250, additionalNotes: 'Squeaky brakes' });
    expect(screen.getByText('Mike Ross')).toBeInTheDocument();
    expect(screen.getByText('$1,250')).toBeInTheDocument();
    expect(screen.getByText('Squeaky brakes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toBeInTheDocument();
  });

  it('prefers the workshop notes and offers no cancel once completed', () => {
    renderCard({ status: 'Completed', notes: 'Replaced the oil filter', additionalNotes: 'Squeaky brakes', cost: 0 });
    expect(screen.getByText('Replaced the oil filter')).toBeInTheDocument();
    expect(screen.queryByText('Squeaky brakes')).not.toBeInTheDocument();
    expect(screen.getByText('$0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Appointment' })).not.toBeInTheDocument();
  });

  it("cancelling says 'Success: Appointment cancelled successfully'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ status: 'SUCCESS', data: { ...base, status: 'Cancelled' } }), { status: 200 }),
        ),
      ),
    );
    renderWithToasts({ status: 'Scheduled' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Appointment' }));
    await confirmCancel();
    expect(await screen.findByText('Success: Appointment cancelled successfully')).toBeInTheDocument();
  });

  it("a failed cancel says 'Error: Failed to cancel appointment' and logs it", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, message: '' }), { status: 500 })),
      ),
    );
    renderWithToasts({ status: 'Scheduled' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Appointment' }));
    await confirmCancel();
    expect(await screen.findByText('Error: Failed to cancel appointment')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Failed to cancel appointment', expect.anything());
  });
});
