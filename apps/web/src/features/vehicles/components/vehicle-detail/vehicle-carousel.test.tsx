import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { image } from '@/testing/factories';
import { VehicleCarousel } from './vehicle-carousel';

const images = [image('a'), image('b'), image('c')];
const counter = () => screen.getByTestId('carousel-counter');

/** A finger from (fromX, y) to (toX, toY); jsdom has no PointerEvent, so MouseEvents carry the coordinates. */
function swipe(element: Element, fromX: number, toX: number, y = 100, toY = y + 5) {
  act(() => {
    element.dispatchEvent(new MouseEvent('pointerdown', { clientX: fromX, clientY: y, bubbles: true }));
    element.dispatchEvent(new MouseEvent('pointerup', { clientX: toX, clientY: toY, bubbles: true }));
  });
}

describe('VehicleCarousel on a phone', { timeout: 60_000 }, () => {
  it('follows a sideways swipe, and leaves a short or vertical move alone', () => {
    render(<VehicleCarousel images={images} title="2019 Toyota Camry" />);
    const photo = screen.getByRole('img', { name: '2019 Toyota Camry, photo 1 of 3' }).parentElement!;
    swipe(photo, 300, 100);
    expect(counter()).toHaveTextContent('2 / 3');
    swipe(photo, 100, 300);
    swipe(photo, 100, 300);
    expect(counter()).toHaveTextContent('3 / 3');
    swipe(photo, 200, 180);
    swipe(photo, 200, 150, 100, 300);
    expect(counter()).toHaveTextContent('3 / 3');
  });

  it('a tap opens the photo full screen: arrows, keys, counter, Escape, focus back on the photo', async () => {
    const user = userEvent.setup();
    render(<VehicleCarousel images={images} title="2019 Toyota Camry" />);
    const open = screen.getByRole('button', { name: 'View photo 1 of 3 full screen' });
    await user.click(open);
    const viewer = await screen.findByRole('dialog', { name: 'Photos of 2019 Toyota Camry' }, { timeout: 10_000 });
    expect(within(viewer).getByRole('img', { name: '2019 Toyota Camry, photo 1 of 3' })).toBeInTheDocument();
    expect(within(viewer).getByTestId('photo-viewer-counter')).toHaveTextContent('1 / 3');
    await waitFor(() => expect(viewer).toContainElement(document.activeElement as HTMLElement));

    await user.click(within(viewer).getByRole('button', { name: 'Next image' }));
    expect(within(viewer).getByTestId('photo-viewer-counter')).toHaveTextContent('2 / 3');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByTestId('photo-viewer-counter')).toHaveTextContent('3 / 3');
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByTestId('photo-viewer-counter')).toHaveTextContent('2 / 3');
    swipe(within(viewer).getByRole('img').parentElement!, 300, 50);
    expect(within(viewer).getByTestId('photo-viewer-counter')).toHaveTextContent('3 / 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The gallery shows the photo the viewer ended on.
    expect(counter()).toHaveTextContent('3 / 3');
    await waitFor(() => expect(screen.getByRole('button', { name: 'View photo 3 of 3 full screen' })).toHaveFocus());
  });
});
