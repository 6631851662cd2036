import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { image } from '@/testing/factories';
import { movePhoto, type PhotoItem } from './photo-order';
import { PhotoPicker } from './photo-picker';

configure({ asyncUtilTimeout: 10_000 });

const kept = (key: string): PhotoItem => ({ id: key, kind: 'existing', image: image(key) });

function Harness({ initial }: { initial: PhotoItem[] }) {
  const [photos, setPhotos] = useState(initial);
  return (
    <PhotoPicker
      photos={photos}
      onAdd={vi.fn()}
      onRemove={(id) => setPhotos((list) => list.filter((p) => p.id !== id))}
      onMove={(from, to) => setPhotos((list) => movePhoto(list, from, to))}
    />
  );
}

const order = () => screen.getAllByTestId('photo-preview').map((li) => li.getAttribute('data-photo-id'));
const status = () => screen.getByTestId('photo-order-status');

describe('PhotoPicker ordering', { timeout: 60_000 }, () => {
  it('moves photos with named buttons, announces the new place and keeps focus on the moved photo', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[kept('a'), kept('b'), kept('c')]} />);
    expect(within(screen.getAllByTestId('photo-preview')[0]!).getByText('Cover')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 right' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Photo 1 is the cover' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    expect(order()).toEqual(['a', 'c', 'b']);
    expect(status()).toHaveTextContent('Photo 3 moved to position 2');
    // The same control, now for photo 2, still has the focus: pressing again keeps moving it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 left' }));
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['c', 'a', 'b']);
    expect(status()).toHaveTextContent('Photo 2 moved to position 1, the cover');
    // Now first, its left button is off: focus moves to the photo's next control rather than being lost.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 1 right' }));
    expect(within(screen.getAllByTestId('photo-preview')[0]!).getByText('Cover')).toBeInTheDocument();
  });

  it('makes a photo the cover with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[kept('a'), kept('b'), kept('c')]} />);
    screen.getByRole('button', { name: 'Make photo 3 the cover' }).focus();
    await user.keyboard(' ');
    expect(order()).toEqual(['c', 'a', 'b']);
    expect(status()).toHaveTextContent('Photo 3 moved to position 1, the cover');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 1 right' }));
  });

  it('reorders by dragging one photo onto another', () => {
    render(<Harness initial={[kept('a'), kept('b'), kept('c')]} />);
    const [first, , third] = screen.getAllByTestId('photo-preview');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '', files: [] };
    act(() => {
      fireEvent.dragStart(first!, { dataTransfer });
    });
    fireEvent.dragOver(third!, { dataTransfer });
    fireEvent.drop(third!, { dataTransfer });
    expect(order()).toEqual(['b', 'c', 'a']);
    expect(status()).toHaveTextContent('Photo 1 moved to position 3');
  });

  it('shows no order controls for a single photo', () => {
    render(<Harness initial={[kept('a')]} />);
    expect(screen.queryByRole('button', { name: /Move photo/ })).not.toBeInTheDocument();
    expect(screen.getByText('Cover')).toBeInTheDocument();
  });
});
