import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListingSubmittedNotice } from './listing-submitted-notice';

configure({ asyncUtilTimeout: 10_000 });

function renderNotice(state: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/vehicle-sales', element: <ListingSubmittedNotice /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname: '/vehicle-sales', search: '?sort=price:asc', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ListingSubmittedNotice', () => {
  it('says the listing awaits review, links to My Vehicles, and clears the router state at once', async () => {
    const user = userEvent.setup();
    const router = renderNotice({ listingSubmitted: { title: '2020 Kia Rio' } });
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Your listing awaits review');
    expect(note).toHaveTextContent('‘2020 Kia Rio’ will appear here once our team approves it.');
    // A reload (or coming back to this entry) finds no state, so the note is not shown again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?sort=price:asc');
    expect(screen.getByRole('status')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'My Vehicles' }));
    expect(router.state.location.pathname).toBe('/account/vehicles');
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    renderNotice({ listingSubmitted: { title: 'Kia' } });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing without the state', () => {
    renderNotice(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
