import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaintenanceAppointment } from '@dealer/shared';
import { appointment, ok } from '@/testing/factories';
import { mockApi, polyfillLayout, renderApp } from '@/testing/render';
import { MaintenanceDetail } from './maintenance-detail';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

const ID = '11111111-2222-4333-8444-555566667777';
const TECHNICIANS = [
  { _id: 'aaaaaaaa-2222-4333-8444-555566667777', name: 'Adam Axle' },
  { _id: 'dddddddd-2222-4333-8444-555566667777', name: 'Dana Whitfield' },
];

function serve(initial: MaintenanceAppointment) {
  let current = initial;
  const requests = mockApi((r) => {
    if (r.url.pathname === '/api/admin/audit') return ok([]);
    if (r.url.pathname === '/api/maintenance/admin/technicians') return ok(TECHNICIANS);
    if (r.url.pathname !== `/api/maintenance/${ID}`) return undefined;
    if (r.method === 'PATCH') {
      const body = r.body as { technicianId?: string };
      const chosen = TECHNICIANS.find((t) => t._id === body.technicianId);
      current = { ...current, ...body, ...(chosen ? { technician: chosen.name } : {}), updatedAt: '2030-03-02T10:00:00.000Z' };
      return ok(current);
    }
    return ok(current);
  });
  return requests;
}

describe('MaintenanceDetail', () => {
  it('shows every field of the appointment with its fallbacks', async () => {
    serve(appointment({ additionalNotes: 'Rattle at the back' }));
    renderApp(<MaintenanceDetail id={ID} audit={(a) => <p>Change history of {a._id}</p>} />);
    expect(await screen.findByRole('heading', { name: 'Oil Change', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Routine Maintenance')).toBeInTheDocument();
    expect(screen.getAllByText('March 5, 2030').length).toBeGreaterThan(0);
    expect(screen.getByText('10:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByText('Not assigned yet')).toBeInTheDocument();
    expect(screen.getByText('No notes provided.')).toBeInTheDocument();
    expect(screen.getByText('Rattle at the back')).toBeInTheDocument();
    expect(screen.getByText('ABC-123')).toBeInTheDocument();
    expect(screen.getByText('+1 555 0100 200')).toBeInTheDocument();
    expect(screen.getByText(ID)).toBeInTheDocument();
    // The history is the admin route's AuditHistory, composed in (its empty state is tested with it).
    expect(await screen.findByText(`Change history of ${ID}`)).toBeInTheDocument();
  });

  it('approves with technician and price from the Edit Maintenance Details dialog', async () => {
    const user = userEvent.setup();
    const requests = serve(appointment());
    renderApp(<MaintenanceDetail id={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Maintenance Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Maintenance Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Technician is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    const technician = within(dialog).getByRole('combobox', { name: 'Technician' });
    await within(technician).findByRole('option', { name: 'Dana Whitfield' });
    await user.selectOptions(technician, 'Dana Whitfield');
    await user.type(within(dialog).getByLabelText('Price ($)'), '149.99');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Maintenance request approved successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({
      status: 'Scheduled',
      cost: 149.99,
      technicianId: TECHNICIANS[1]!._id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Dana Whitfield')).toBeInTheDocument();
    expect(screen.getByText('$149.99')).toBeInTheDocument();
  });

  it('keeps the status of a request that is not Pending when its details are edited', async () => {
    const user = userEvent.setup();
    const requests = serve(appointment({ status: 'Completed', technician: 'Dana Whitfield', cost: 120 }));
    renderApp(<MaintenanceDetail id={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Maintenance Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Maintenance Details' });
    expect(within(dialog).getByText('Change the technician or the price. The status stays Completed.')).toBeInTheDocument();
    // A name typed before technicians were chosen from the list stays as it was.
    const technician = within(dialog).getByRole('combobox', { name: 'Technician' });
    await within(technician).findByRole('option', { name: 'Dana Whitfield' });
    expect(technician).toHaveDisplayValue('Dana Whitfield (typed earlier)');
    await user.clear(within(dialog).getByLabelText('Price ($)'));
    await user.type(within(dialog).getByLabelText('Price ($)'), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Maintenance appointment updated successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Maintenance request approved successfully')).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ cost: 95 });
    expect(await screen.findByText(/^\$95(\.00)?$/)).toBeInTheDocument();
  });

  it('says who reads each notes box, and saves staff-only notes apart from the customer notes', async () => {
    const user = userEvent.setup();
    const requests = serve(appointment({ notes: 'Ready after 4 PM.' }));
    renderApp(<MaintenanceDetail id={ID} />);
    const customerBox = await screen.findByLabelText('Notes for the customer');
    expect(customerBox).toHaveAccessibleDescription(
      'The customer sees these notes on the appointment in their maintenance history.',
    );
    const staffBox = screen.getByLabelText('Staff-only notes');
    expect(staffBox).toHaveAccessibleDescription('Only staff see these notes; they are never shown to the customer.');
    await user.type(staffBox, ' Declined brake pads. ');
    await user.click(screen.getByRole('button', { name: 'Save Staff Notes' }));
    expect(await screen.findByText('Staff notes saved successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ staffNotes: 'Declined brake pads.' });
    expect(customerBox).toHaveValue('Ready after 4 PM.');
  });

  it('trims the notes for the customer before saving', async () => {
    const user = userEvent.setup();
    const requests = serve(appointment());
    renderApp(<MaintenanceDetail id={ID} />);
    const box = await screen.findByLabelText('Notes for the customer');
    await user.type(box, '   Check the brake pads   ');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Notes saved successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ notes: 'Check the brake pads' });
    expect(box).toHaveValue('Check the brake pads');
  });

  it('has a status menu with the same toasts as the list', async () => {
    const user = userEvent.setup();
    serve(appointment({ status: 'Scheduled' }));
    renderApp(<MaintenanceDetail id={ID} />);
    await user.click(await screen.findByRole('button', { name: /Change Status/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Mark as Scheduled' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as Cancelled' }));
    expect(await screen.findByText('Appointment has been cancelled')).toBeInTheDocument();
  });

  it('shows the not-found and error states', async () => {
    mockApi(() => undefined);
    renderApp(<MaintenanceDetail id="missing" />);
    expect(await screen.findByRole('heading', { name: 'Maintenance Request Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested maintenance details could not be found.')).toBeInTheDocument();
  });

  it('shows the error text when loading fails', async () => {
    mockApi(() => ({ status: 500, body: { status: 'ERROR', statusCode: 500, message: 'Service unavailable' } }));
    renderApp(<MaintenanceDetail id={ID} />);
    expect(await screen.findByRole('heading', { name: 'Error Loading Details' })).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
  });
});
