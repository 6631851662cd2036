import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';

const messageLine = (container: HTMLElement) => container.querySelector('[data-field-message]');

describe('FormField', () => {
  it('keeps a message line of one line height under the field even without a message', () => {
    const { container } = render(
      <FormField label="Make">
        <Input />
      </FormField>,
    );
    const line = messageLine(container);
    expect(line).not.toBeNull();
    expect(line).toHaveClass('min-h-5');
    expect(line).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Make')).not.toHaveAttribute('aria-describedby');
  });

  it('shows the message in that same line, announced and linked to the control', () => {
    const { container, rerender } = render(
      <FormField label="Make">
        <Input />
      </FormField>,
    );
    const before = messageLine(container);
    rerender(
      <FormField label="Make" error="Make is required">
        <Input />
      </FormField>,
    );
    // The same element holds the message: nothing is inserted above or below it.
    expect(messageLine(container)).toBe(before);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Make is required');
    expect(before).toContainElement(alert);
    expect(screen.getByLabelText('Make')).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.getByLabelText('Make')).toHaveAttribute('aria-invalid', 'true');
    expect(container.firstElementChild!.children).toHaveLength(3);
  });
});
