import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, user } from '@/testing/factories';
import { mockApi, renderApp } from '@/testing/render';
import { CustomerPicker, type PickedCustomer } from './customer-picker';

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [value, setValue] = useState<PickedCustomer | null>(null);
  return <CustomerPicker value={value} onChange={setValue} />;
}

describe('CustomerPicker', () => {
  it("finds accounts through the customer search a service advisor may call, and chooses one", async () => {
    const jane = { _id: 'u1', name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 555 0101' };
    const requests = mockApi((r) => (r.url.pathname === '/api/users/customers' ? ok([jane]) : undefined), { as: user({ role: 'SERVICE_ADVISOR' }) });
    const person = userEvent.setup();
    renderApp(<Harness />);
    await person.type(await screen.findByLabelText('Search customers'), 'jan');
    await person.click(await screen.findByRole('button', { name: /Jane Cooper/ }));
    expect(screen.getByText('Booking for')).toBeInTheDocument();
    const searches = requests.filter((r) => r.url.pathname === '/api/users/customers');
    expect(searches.at(-1)!.url.searchParams.get('search')).toBe('jan');
    expect(requests.some((r) => r.url.pathname === '/api/users')).toBe(false);
  });
});
