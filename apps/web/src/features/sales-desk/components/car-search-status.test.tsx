import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CarSearchStatus, type CarSearch } from './sales-calendar';

const search = (over: Partial<CarSearch>): CarSearch => ({ text: '', onText: () => {}, searching: false, more: false, ...over });
const said = (over: Partial<CarSearch>, shown: number) => {
  const { container, unmount } = render(<p role="status"><CarSearchStatus search={search(over)} shown={shown} /></p>);
  const text = container.textContent;
  unmount();
  return text;
};

describe("the staff booking form's car search says what the list holds", () => {
  it('while loading, on a failure, when nothing matches, past the first 100 and otherwise', () => {
    expect(said({ searching: true }, 0)).toBe('Searching...');
    expect(said({ error: 'Too many requests' }, 0)).toBe('Failed to fetch cars: Too many requests');
    expect(said({ text: 'zzzz' }, 0)).toBe('No car on sale matches.');
    expect(said({ more: true }, 100)).toBe('The newest 100 cars on sale; type to find another.');
    expect(said({ text: 'Volvo', more: true }, 100)).toBe('The newest 100 of the cars that match; type more to narrow.');
    expect(said({ text: 'Volvo' }, 1)).toBe('1 car on sale matches.');
    expect(said({ text: 'Volvo' }, 3)).toBe('3 cars on sale match.');
    expect(said({}, 0)).toBe('0 cars on sale.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
