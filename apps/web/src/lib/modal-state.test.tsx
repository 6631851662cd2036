import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { modalState, useModalOpen } from './modal-state';

function DialogHarness() {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Outer">
        <button type="button" onClick={() => setInner(true)}>
          Open inner
        </button>
      </Dialog>
      <Dialog open={inner} onOpenChange={setInner} title="Inner" />
    </>
  );
}

describe('modal flag', () => {
  it('is set while a dialog is open, through nested dialogs, and cleared when the last closes', async () => {
    const user = userEvent.setup();
    const flag = renderHook(() => useModalOpen());
    render(<DialogHarness />);
    expect(flag.result.current).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(flag.result.current).toBe(true);
    expect(document.documentElement.hasAttribute('data-modal-open')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(modalState.isOpen()).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(flag.result.current).toBe(false);
    expect(document.documentElement.hasAttribute('data-modal-open')).toBe(false);
  });

  it('lives in memory only: nothing about it is written to the device', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    sessionStorage.clear();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(modalState.isOpen()).toBe(true);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });
});
