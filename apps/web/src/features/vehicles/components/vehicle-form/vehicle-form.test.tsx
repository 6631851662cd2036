import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Vehicle, VehicleFields } from '@dealer/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { image, vehicle } from '@/testing/factories';
import { VehicleForm, type VehicleFormProps } from './vehicle-form';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

type Override = NonNullable<VehicleFormProps['onSubmitOverride']>;

beforeEach(() => {
  window.scrollTo = vi.fn();
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function renderForm(props: Partial<VehicleFormProps> = {}) {
  const onSubmitOverride = vi.fn<Override>(async () => undefined);
  const onSuccess = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: <VehicleForm mode="create" onSubmitOverride={onSubmitOverride} onSuccess={onSuccess} {...props} />,
      },
      { path: '/vehicle-sales', element: <h1>Vehicle Sales</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onSubmitOverride, onSuccess, router };
}

const png = (name: string, size = 1024) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Make'), 'Honda');
  await user.type(screen.getByLabelText('Model'), 'Civic');
  await user.type(screen.getByLabelText('Year'), '2018');
  await user.type(screen.getByLabelText('Price ($)'), '15000');
  await user.type(screen.getByLabelText('Listing Title'), '2018 Honda Civic EX');
}

describe('VehicleForm', { timeout: 60_000 }, () => {
  it('shows numbered tabs and the step 1 fields with their bounds', () => {
    renderForm();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      '1Step 1: Basic Info',
      '2Step 2: Vehicle Details',
      '3Step 3: Photos',
      '4Step 4: Contact Info',
    ]);
    expect(screen.getByRole('heading', { name: 'Vehicle Basic Information' })).toBeInTheDocument();
    const year = screen.getByLabelText('Year');
    expect(year).toHaveAttribute('type', 'number');
    expect(year).toHaveAttribute('min', '1900');
    expect(year).toHaveAttribute('max', String(new Date().getFullYear()));
    expect(screen.getByLabelText('Price ($)')).toHaveAttribute('min', '0');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/vehicle-sales');
  });

  it("refuses to leave step 1 until its fields are valid, with the spec's messages", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    for (const message of [
      'Make is required',
      'Model is required',
      'Year must be a valid year',
      'Price is required',
      'Title is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Vehicle Basic Information' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Year'), '1850');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Year must be a valid year')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Year'));

    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Vehicle Details' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalled();
    expect(screen.queryByText('Make is required')).not.toBeInTheDocument();
  });

  it('checks the description on step 2, offers the option lists, and goes Back', async () => {
    const user = userEvent.setup();
    renderForm({ initialStep: 2 });
    expect(screen.getByText(/Minimum 20 characters/)).toBeInTheDocument();
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options('Transmission')).toEqual(['Automatic', 'Manual', 'CVT']);
    expect(options('Fuel Type')).toEqual(['Petrol', 'Diesel', 'Hybrid', 'Electric', 'CNG']);
    expect(options('Condition')).toEqual(['New', 'Like New', 'Excellent', 'Good', 'Fair', 'Salvage']);
    expect(screen.getByLabelText('Mileage (mi)')).toHaveAttribute('min', '0');

    await user.type(screen.getByLabelText('Description'), 'Too short');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Description must be at least 10 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), ' but now long enough');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Vehicle Photos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByRole('heading', { name: 'Vehicle Details' })).toBeInTheDocument();
  });

  it('refuses files that are not PNG/JPEG or are over 10MB, and removes a new photo releasing its preview', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm({ initialStep: 3 });
    expect(screen.getByText(/up to 5x more inquiries/)).toBeInTheDocument();
    expect(screen.getByText(/at least 5 photos/)).toBeInTheDocument();
    expect(screen.getByText(/up to 10MB each/)).toBeInTheDocument();

    const input = screen.getByLabelText(/Click to upload photos/);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, [new File(['hello'], 'notes.txt', { type: 'text/plain' }), big, png('front.png'), png('back.png')]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('"notes.txt" is not a PNG or JPEG image.')).toBeInTheDocument();
    expect(within(alert).getByText('"big.jpg" is larger than 10MB.')).toBeInTheDocument();
    expect(screen.getAllByTestId('photo-preview')).toHaveLength(2);
    expect(screen.getByText('Cover')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getAllByTestId('photo-preview')).toHaveLength(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/preview-1');
  });

  it('checks the e-mail on step 4, then submits the values and files with the confirmation shown', async () => {
    const user = userEvent.setup();
    const { onSubmitOverride, onSuccess } = renderForm();
    await fillStep1(user);
    await user.click(screen.getByRole('tab', { name: /Photos/ }));
    await user.upload(screen.getByLabelText(/Click to upload photos/), [png('a.png'), png('b.png')]);
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    expect(screen.getByText(/own this vehicle or are authorized to sell it/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email (optional)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(onSubmitOverride).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email (optional)'));
    await user.type(screen.getByLabelText('Location'), 'Springfield, IL');
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(onSubmitOverride).toHaveBeenCalledTimes(1));
    const [values, files, kept] = onSubmitOverride.mock.calls[0]!;
    expect(values).toMatchObject({
      make: 'Honda',
      model: 'Civic',
      year: 2018,
      price: 15000,
      title: '2018 Honda Civic EX',
      location: 'Springfield, IL',
    });
    expect((values as VehicleFields).contactEmail).toBeUndefined();
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(kept).toEqual([]);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    // The form starts over after a create.
    expect(await screen.findByRole('heading', { name: 'Vehicle Basic Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Make')).toHaveValue('');
  });

  it('sends a submit on an invalid earlier step back to that step', async () => {
    const user = userEvent.setup();
    const { onSubmitOverride } = renderForm({ initialStep: 4 });
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('Make is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vehicle Basic Information' })).toBeInTheDocument();
    expect(onSubmitOverride).not.toHaveBeenCalled();
  });

  it('edits: prefilled, Update, and an existing photo removed from the kept keys', async () => {
    const user = userEvent.setup();
    const existing: Vehicle = vehicle({ images: [image('k1'), image('k2'), image('k3')] });
    const { onSubmitOverride } = renderForm({ mode: 'edit', initialValues: existing, initialStep: 3 });
    expect(screen.getAllByTestId('photo-preview')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getAllByTestId('photo-preview')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: /Basic Info/ }));
    expect(screen.getByLabelText('Make')).toHaveValue('Toyota');
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    await user.click(screen.getByRole('button', { name: /Update/ }));
    await waitFor(() => expect(onSubmitOverride).toHaveBeenCalledTimes(1));
    expect(onSubmitOverride.mock.calls[0]![2]).toEqual(['k1', 'k3']);
  });
  it('shows upload progress while submitting', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSubmitOverride = vi.fn<Override>(
      (_values, _files, _kept, onUploadProgress) =>
        new Promise<void>((resolve) => {
          onUploadProgress(0.5);
          finish = resolve;
        }),
    );
    renderForm({ mode: 'edit', initialValues: vehicle(), initialStep: 4, onSubmitOverride });
    await user.click(screen.getByRole('button', { name: /Update/ }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: /Update/ })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('keeps the form and reports a failed submit, with server field messages on their step', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new ApiError(422, 'Validation failed', { title: 'Title is required' });
    const onSubmitOverride = vi.fn<Override>(async () => {
      throw failure;
    });
    const { onSuccess } = renderForm({ mode: 'edit', initialValues: vehicle(), initialStep: 4, onSubmitOverride });
    await user.click(screen.getByRole('button', { name: /Update/ }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Error submitting form', failure));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Vehicle Basic Information' })).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Make')).toHaveValue('Toyota');
  });
});

describe('VehicleForm: what buyers will see', { timeout: 60_000 }, () => {
  const account = { email: 'jane@example.com', phone: '+1 555 010 0101', address: 'Springfield, IL' };

  it('shows Year a hint that cannot be read as an entered year', () => {
    renderForm();
    const year = screen.getByLabelText('Year');
    expect(year).toHaveValue(null);
    expect(year.getAttribute('placeholder')).not.toMatch(/^\d+$/);
    expect(year).toHaveAccessibleDescription(`Four digits, 1900 to ${new Date().getFullYear()}`);
  });

  it('starts a new listing from the profile, says what an empty e-mail publishes and previews it live', async () => {
    const user = userEvent.setup();
    renderForm({ account });
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    expect(screen.getByLabelText('Location')).toHaveValue('Springfield, IL');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 010 0101');
    expect(screen.getByLabelText('Email (optional)')).toHaveAccessibleDescription(
      'Leave it empty and buyers see your account e-mail, jane@example.com.',
    );
    const preview = screen.getByTestId('buyers-will-see');
    expect(preview).toHaveTextContent('Buyers will see: +1 555 010 0101 · jane@example.com');

    await user.type(screen.getByLabelText('Email (optional)'), 'sales@example.com');
    expect(preview).toHaveTextContent('Buyers will see: +1 555 010 0101 · sales@example.com');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 555 999 0000');
    expect(preview).toHaveTextContent('Buyers will see: +1 555 999 0000 · sales@example.com');
  });

  it("editing keeps the listing's own contact details", async () => {
    const user = userEvent.setup();
    renderForm({ mode: 'edit', initialValues: vehicle({ contactPhone: '+1 555 222 3333', contactEmail: null, location: 'Austin, TX' }), account });
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    expect(screen.getByLabelText('Location')).toHaveValue('Austin, TX');
    expect(screen.getByTestId('buyers-will-see')).toHaveTextContent('Buyers will see: +1 555 222 3333 · jane@example.com');
  });
});
