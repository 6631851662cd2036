import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('offers line breaks only before the @ and the dots, and reads as the address', () => {
    const { container } = render(<EmailAddress address="walter.walkin@service.example.com" />);
    expect(container.textContent).toBe('walter.walkin@service.example.com');
    expect(container.querySelector('span')!.innerHTML.split('<wbr>')).toEqual(['walter', '.walkin', '@service', '.example', '.com']);
  });
});
