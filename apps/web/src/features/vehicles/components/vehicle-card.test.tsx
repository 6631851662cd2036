import { configure, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { image, vehicle } from '@/testing/factories';
import { VehicleCard } from './vehicle-card';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

function renderCard(v = vehicle()) {
  const router = createMemoryRouter([{ path: '/', element: <VehicleCard vehicle={v} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('VehicleCard', { timeout: 60_000 }, () => {
  it('shows the listing facts and links to its detail page', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Toyota Camry' })).toBeInTheDocument();
    expect(screen.getByText('$18,500')).toBeInTheDocument();
    expect(screen.getByText('42,000 mi')).toBeInTheDocument();
    expect(screen.getByText('2019')).toBeInTheDocument();
    expect(screen.getByText('Petrol')).toBeInTheDocument();
    expect(screen.getByText('Automatic')).toBeInTheDocument();
    expect(screen.getByText('Springfield, IL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Details/ })).toHaveAttribute(
      'href',
      '/vehicles/3f2b9c1e-7a4d-4c1b-9e2f-1234567890ab',
    );
  });

  it('draws the cover lazily with srcset, sizes and its dimensions', () => {
    renderCard();
    const img = screen.getByRole('img', { name: '2019 Toyota Camry' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', '/uploads/vehicles/v1/a1-640.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/vehicles/v1/a1-320.webp 320w, /uploads/vehicles/v1/a1-640.webp 640w, /uploads/vehicles/v1/a1-1280.webp 1280w',
    );
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '960');
  });

  it('replaces a photo that fails to load with the placeholder', () => {
    renderCard();
    fireEvent.error(screen.getByRole('img', { name: '2019 Toyota Camry' }));
    expect(screen.queryByRole('img', { name: '2019 Toyota Camry' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image unavailable' })).toBeInTheDocument();
  });

  it("shows 'No image' without photos and leaves out a missing mileage", () => {
    renderCard(vehicle({ images: [], mileage: null }));
    expect(screen.getByText('No image')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText(/ mi$/)).not.toBeInTheDocument();
  });

  it('resolves a relative image reference against the image base address', () => {
    renderCard(vehicle({ images: [image('c3', { url: 'vehicles/v1/c3.webp', sizes: [] })] }));
    expect(screen.getByRole('img', { name: '2019 Toyota Camry' })).toHaveAttribute('src', '/uploads/vehicles/v1/c3.webp');
  });

  it('marks a sold listing', () => {
    renderCard(vehicle({ status: 'sold' }));
    expect(screen.getByText('Sold')).toBeInTheDocument();
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
  });

  it("marks a reserved listing 'Reserved', and an available one with neither badge", () => {
    const { unmount } = renderCard(vehicle({ status: 'reserved' }));
    expect(screen.getByText('Reserved')).toBeInTheDocument();
    unmount();
    renderCard(vehicle({ status: 'available' }));
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
  });
});
