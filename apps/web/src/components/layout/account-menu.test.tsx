import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AccountMenu from './account-menu';

let isAdmin = false;
vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: { _id: 'u1', name: 'Jane Doe', avatar: null }, isAdmin, signOut: vi.fn() }),
}));

async function menuItems() {
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: '*', element: <AccountMenu /> }]);
  render(<RouterProvider router={router} />);
  await user.click(screen.getByRole('button', { name: 'Jane Doe, account menu' }));
  return { items: screen.getAllByRole('menuitem').map((item) => item.textContent?.trim()), user, router };
}

describe('AccountMenu', () => {
  it('lists View Profile, My Vehicles, Purchases, Saved, Saved Searches, My Maintenance, then Log Out for a customer', async () => {
    isAdmin = false;
    const { items } = await menuItems();
    expect(items).toEqual(['View Profile', 'My Vehicles', 'Purchases', 'Saved', 'Saved Searches', 'My Maintenance', 'Log Out']);
  });

  it("puts 'Dashboard' in place of 'My Maintenance' for an admin", async () => {
    isAdmin = true;
    const { items } = await menuItems();
    expect(items).toEqual(['View Profile', 'My Vehicles', 'Purchases', 'Saved', 'Saved Searches', 'Dashboard', 'Log Out']);
  });

  it('goes to My Vehicles and Purchases', async () => {
    isAdmin = false;
    const { user, router } = await menuItems();
    await user.click(screen.getByRole('menuitem', { name: 'My Vehicles' }));
    expect(router.state.location.pathname).toBe('/account/vehicles');
    await user.click(screen.getByRole('button', { name: 'Jane Doe, account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Purchases' }));
    expect(router.state.location.pathname).toBe('/account/purchases');
  });

  it('goes to Saved, showing how many vehicles this device has saved', async () => {
    isAdmin = false;
    localStorage.setItem('dealer.wishlist', JSON.stringify(['a', 'b']));
    const { user, router } = await menuItems();
    const saved = screen.getByRole('menuitem', { name: /^Saved(?! Searches)/ });
    expect(saved).toHaveTextContent('Saved2');
    await user.click(saved);
    expect(router.state.location.pathname).toBe('/saved');
    localStorage.removeItem('dealer.wishlist');
  });
});
