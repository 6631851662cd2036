import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyToaster } from './lazy-toaster';
import { dismissToast, toastSuccess } from './toast-store';

afterEach(() => act(() => dismissToast()));

describe('notifications region', () => {
  it('holds its polite live region before the first toast, so the first one is read out too', async () => {
    render(<LazyToaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    const live = region.querySelector('[aria-live="polite"]');
    expect(live).not.toBeNull();
    expect(live).toBeEmptyDOMElement();
    act(() => void toastSuccess('Saved'));
    // The toast's code loads on demand: let the import settle.
    await act(async () => void (await import('./toaster')));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Saved');
    expect(live).toContainElement(status);
  }, 60_000);
});
