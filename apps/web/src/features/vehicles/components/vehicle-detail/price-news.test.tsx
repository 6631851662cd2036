import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listedAgo, PriceNews } from './price-news';

describe('price news', () => {
  it("says 'Price dropped' with the amount, and how long the car has been listed", () => {
    render(<PriceNews vehicle={{ priceDrop: { amount: 1500, changedAt: '2026-05-01T00:00:00Z' }, listedDays: 12 }} />);
    expect(screen.getByText('Price dropped $1,500')).toBeInTheDocument();
    expect(screen.getByText('Listed 12 days ago')).toBeInTheDocument();
  });

  it('says nothing of a drop when there is none, and nothing at all without the figures', () => {
    const { container, rerender } = render(<PriceNews vehicle={{ priceDrop: null, listedDays: 0 }} />);
    expect(container).toHaveTextContent('Listed today');
    expect(container).not.toHaveTextContent('Price dropped');
    rerender(<PriceNews vehicle={{}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('counts days in words', () => {
    expect([0, 1, 2].map(listedAgo)).toEqual(['Listed today', 'Listed yesterday', 'Listed 2 days ago']);
  });
});
