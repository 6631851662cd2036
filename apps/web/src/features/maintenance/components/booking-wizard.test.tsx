import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TIME_SLOTS } from '@dealer/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingConfirmation } from './booking-confirmation';
import { BookingWizard } from './booking-wizard';

vi.mock('@/lib/session', () => ({
  useSession: () => ({
    user: { _id: 'u1', name: 'Jane Doe', email: 'jane@example.com', phone: '555' },
    isLoggedIn: true,
  }),
}));

const TODAY = '2024-03-06';
let bookingResponse: { status: number; body: unknown } = { status: 201, body: { status: 'SUCCESS', data: {} } };
const posted: unknown[] = [];
let allowance = { openBookings: 0, maxOpenBookings: 3 as number | null };

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  posted.length = 0;
  allowance = { openBookings: 0, maxOpenBookings: 3 };
  bookingResponse = {
    status: 201,
    body: { status: 'SUCCESS', data: { specificService: 'Oil Change', appointmentDate: '2024-03-08', appointmentTime: '08:00 AM', status: 'Pending' } },
  };
  window.scrollTo = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/maintenance/settings') {
        return json(200, {
          status: 'SUCCESS',
          data: { emergencyPhone: '+1 555', workshopTimeZone: 'America/New_York', slotCapacity: 2, today: TODAY },
        });
      }
      if (url.pathname === '/api/maintenance/allowance') return json(200, { status: 'SUCCESS', data: allowance });
      if (url.pathname === '/api/maintenance/availability/month') {
        return json(200, {
          status: 'SUCCESS',
          data: { month: url.searchParams.get('month'), unavailableDates: [], fullDates: [] },
        });
      }
      if (url.pathname === '/api/maintenance/availability') {
        const availability = TIME_SLOTS.map((time) => ({ time, available: time !== '10:00 AM' }));
        return json(200, { status: 'SUCCESS', data: { date: url.searchParams.get('date'), availability } });
      }
      if (url.pathname === '/api/maintenance' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(bookingResponse.status, bookingResponse.body);
      }
      return json(404, { status: 'ERROR', message: 'Not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderWizard(service: string | null = 'routine') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/account/maintenance/create', element: <BookingWizard initialService={service} /> },
      {
        path: '/maintenance',
        element: (
          <>
            <h1>Maintenance Services</h1>
            <BookingConfirmation />
          </>
        ),
      },
    ],
    { initialEntries: ['/account/maintenance/create'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

/** Next to `step`, whose heading takes the focus a frame later: keys typed before that would go to it. */
async function nextTo(step: number) {
  await next();
  await waitFor(() => expect(screen.getByRole('heading', { name: new RegExp(`Step ${step} of 4`) })).toHaveFocus());
}

async function fillToStep4(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Oil Change' }));
  await nextTo(2);
  await user.click(await screen.findByRole('button', { name: 'Friday, March 8, 2024' }));
  await user.click(await screen.findByRole('button', { name: '08:00 AM' }));
  await nextTo(3);
  await user.type(screen.getByLabelText('Vehicle Make'), 'Toyota');
  await user.type(screen.getByLabelText('Vehicle Model'), 'Camry');
  await user.type(screen.getByLabelText('Registration Number'), 'ABC-1234');
  await nextTo(4);
}

/** The API refuses the booking with this answer. */
function refuseBooking(status: number, message: string, errors?: Record<string, string>) {
  bookingResponse = { status, body: { status: 'ERROR', statusCode: status, message, ...(errors ? { errors } : {}) } };
}

/** The profile's phone ('555') is too short: a valid one, then Book Appointment. */
async function bookWithPhone(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(screen.getByLabelText('Phone'));
  await user.type(screen.getByLabelText('Phone'), '+1 555 010 2000');
  await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
}

describe('BookingWizard', { timeout: 30_000 }, () => {
  it('starts with the service from the query and a Cancel link instead of Back', async () => {
    renderWizard('electrical');
    expect(await screen.findByRole('radio', { name: /Electrical Services/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/maintenance');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['1Service', '2Date & Time', '3Vehicle', '4Contact']);
  });

  it("shows each step's messages before moving on", async () => {
    const user = userEvent.setup();
    renderWizard(null);
    await screen.findByRole('radio', { name: /Routine Maintenance/ });
    await next();
    expect(await screen.findByText('Please select a maintenance type')).toBeInTheDocument();
    expect(screen.getByText('Please select a specific service')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Mechanical Repairs/ }));
    await user.click(screen.getByRole('radio', { name: 'Engine Repair' }));
    // Changing the type clears the service.
    await user.click(screen.getByRole('radio', { name: /Painting/ }));
    expect(screen.queryByRole('radio', { name: 'Engine Repair' })).not.toBeInTheDocument();
    await next();
    expect(await screen.findByText('Please select a specific service')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Spot Painting' }));
    // The message goes as soon as the field is put right.
    await waitFor(() => expect(screen.queryByText('Please select a specific service')).not.toBeInTheDocument());
    await next();

    await waitFor(() => expect(screen.getByRole('heading', { name: /Step 2 of 4/ })).toHaveFocus());
    await next();
    expect(await screen.findByText('Please select a date')).toBeInTheDocument();
    expect(screen.getByText('Please select a time slot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Friday, March 8, 2024' }));
    expect(await screen.findByRole('button', { name: '10:00 AM Booked' })).toBeDisabled();
    await next();
    expect(await screen.findByText('Please select a time slot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '09:00 AM' }));
    await next();

    await waitFor(() => expect(screen.getByRole('heading', { name: /Step 3 of 4/ })).toHaveFocus());
    const year = screen.getByLabelText('Vehicle Year') as HTMLSelectElement;
    const thisYear = new Date().getFullYear();
    expect(year.value).toBe(String(thisYear));
    expect(within(year).getAllByRole('option')).toHaveLength(30);
    expect(within(year).getAllByRole('option').at(-1)).toHaveTextContent(String(thisYear - 29));
    await next();
    expect(await screen.findByText('Vehicle make is required')).toBeInTheDocument();
    expect(screen.getByText('Vehicle model is required')).toBeInTheDocument();
    expect(screen.getByText('Registration number is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Vehicle Make'), 'Toyota');
    await user.type(screen.getByLabelText('Vehicle Model'), 'Camry');
    await user.type(screen.getByLabelText('Registration Number'), 'ABC-1234');
    await next();

    await waitFor(() => expect(screen.getByRole('heading', { name: /Step 4 of 4/ })).toHaveFocus());
    expect(screen.getByLabelText('Full Name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'J');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    // The profile's phone ('555') is too short.
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    // Back keeps the values.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Vehicle Make')).toHaveValue('Toyota');
  });

  it('sends the nested request and goes to /maintenance on success, which shows what was booked', async () => {
    const user = userEvent.setup();
    const router = renderWizard('routine');
    await fillToStep4(user);
    await bookWithPhone(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance'));
    const booked = await screen.findByRole('status', { name: 'Your appointment is booked' });
    expect(booked).toHaveTextContent('ServiceOil ChangeDateFriday, March 8, 2024Time08:00 AM');
    expect(within(booked).getByRole('link', { name: 'View Maintenance History' })).toHaveAttribute('href', '/account/maintenance/history');
    // The router state that carried it is gone: a reload would not show it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(posted[0]).toEqual({
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: '2024-03-08',
      appointmentTime: '08:00 AM',
      vehicle: { make: 'Toyota', model: 'Camry', year: String(new Date().getFullYear()), registration: 'ABC-1234' },
      customer: { name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 010 2000' },
    });
  });

  it('goes back to the date and time when the slot filled meanwhile, keeping the other values', async () => {
    const user = userEvent.setup();
    const full = 'This time slot is fully booked. Please choose another time.';
    refuseBooking(409, full, { appointmentTime: full });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWizard('routine');
    await fillToStep4(user);
    await bookWithPhone(user);
    await waitFor(() => expect(screen.getByRole('heading', { name: /Step 2 of 4/ })).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('This time slot is fully booked. Please choose another time.');
    expect(screen.getByRole('button', { name: 'Friday, March 8, 2024' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '08:00 AM' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('tab', { name: /Vehicle/ }));
    expect(await screen.findByText('Please select a time slot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('tab', { name: /Vehicle/ }));
    expect(screen.getByLabelText('Vehicle Make')).toHaveValue('Toyota');
    expect(warn).toHaveBeenCalled();
  });

  it('says why when the customer already holds as many open bookings as allowed, keeping the form', async () => {
    const user = userEvent.setup();
    const cap =
      'You already have 3 upcoming appointments, the most one account can hold. Cancel one or wait until it has taken place before booking another.';
    refuseBooking(409, cap);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWizard('routine');
    await fillToStep4(user);
    await bookWithPhone(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(cap);
    expect(within(alert).getByRole('link', { name: 'View your appointments' })).toHaveAttribute(
      'href',
      '/account/maintenance/history',
    );
    expect(screen.getByRole('heading', { name: /Step 4 of 4/ })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Date & Time/ }));
    expect(screen.getByRole('button', { name: 'Friday, March 8, 2024' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says at once when the customer already holds as many open bookings as allowed', async () => {
    allowance = { openBookings: 3, maxOpenBookings: 3 };
    renderWizard('routine');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You already have 3 upcoming appointments, the most one account can hold. Cancel one or wait until it has taken place before booking another.',
    );
    expect(within(alert).getByRole('link', { name: 'View your appointments' })).toBeInTheDocument();
  });

  it('shows no notice below the cap or for staff', async () => {
    allowance = { openBookings: 2, maxOpenBookings: 3 };
    renderWizard('routine');
    expect(await screen.findByRole('radio', { name: 'Oil Change' })).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/allowance'))).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('maps nested server messages back to the form fields', async () => {
    const user = userEvent.setup();
    refuseBooking(422, 'Validation failed', { 'vehicle.model': 'Vehicle model is required' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWizard('routine');
    await fillToStep4(user);
    await bookWithPhone(user);
    await waitFor(() => expect(screen.getByRole('heading', { name: /Step 3 of 4/ })).toHaveFocus());
    expect(screen.getByText('Vehicle model is required')).toBeInTheDocument();
  });

  it("says 'Failed to check appointment availability' when the availability calls fail", async () => {
    const user = userEvent.setup();
    const served = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        new URL(input, 'http://localhost').pathname.startsWith('/api/maintenance/availability')
          ? json(500, { status: 'ERROR', statusCode: 500, message: '' })
          : served(input, init),
      ),
    );
    renderWizard('routine');
    await user.click(await screen.findByRole('radio', { name: 'Oil Change' }));
    await next();
    expect(await screen.findByText('Failed to check appointment availability')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Friday, March 8, 2024' }));
    await waitFor(() => expect(screen.getAllByText('Failed to check appointment availability')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: '08:00 AM' })).not.toBeInTheDocument();
  });
});
