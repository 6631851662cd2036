import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, ok, user } from '@/testing/factories';
import { mockApi, renderApp } from '@/testing/render';
import { ClosureDaysManager } from './closure-days-manager';

// Closing a day that still holds bookings: the server's message (how many appointments, how many test
// drives) is shown under the date, with links to what is booked for those who may open it.

const TODAY = '2026-07-01';
const DRIVES = '2 test drives are booked on July 22, 2026. The sales team must reschedule or cancel them before that day can be closed.';
const BOTH =
  '1 appointment is booked on July 22, 2026 (Pending or Scheduled). Reschedule or cancel it before closing that day. ' +
  '1 test drive is booked on that day too: the sales team must reschedule or cancel it as well.';

function serve(refusal: string, as = ADMIN) {
  return mockApi(
    ({ method, url }) => {
      if (url.pathname === '/api/maintenance/settings') return ok({ today: TODAY });
      if (method === 'GET' && url.pathname === '/api/admin/closure-days') return ok([]);
      if (method === 'POST' && url.pathname === '/api/admin/closure-days') {
        return { status: 409, body: { status: 'ERROR', statusCode: 409, message: refusal, errors: { date: refusal } } };
      }
      return undefined;
    },
    { as },
  );
}

async function closeJuly22() {
  const person = userEvent.setup();
  renderApp(<ClosureDaysManager />);
  await person.type(await screen.findByLabelText('Date'), '2026-07-22');
  await person.type(screen.getByLabelText('Reason'), 'Staff training');
  await person.click(screen.getByRole('button', { name: 'Add closure day' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('ClosureDaysManager refusing a booked day', () => {
  it('names how many test drives are booked, under the date, and links the admin to the test drives only', async () => {
    const requests = serve(DRIVES);
    await closeJuly22();
    expect(await screen.findByText(DRIVES)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(expect.stringContaining(DRIVES));
    expect(screen.getByRole('link', { name: 'View the test drives' })).toHaveAttribute('href', '/admin/test-drives');
    expect(screen.queryByRole('link', { name: 'View the appointments on that day' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('names both, and links a service advisor to the appointments but not to the sales desk', async () => {
    serve(BOTH, user({ role: 'SERVICE_ADVISOR' }));
    await closeJuly22();
    expect(await screen.findByText(BOTH)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the appointments on that day' })).toHaveAttribute('href', '/admin/maintenance?dateFrom=2026-07-22&dateTo=2026-07-22');
    expect(screen.queryByRole('link', { name: 'View the test drives' })).not.toBeInTheDocument();
  });
});
