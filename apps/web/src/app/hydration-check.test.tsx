import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, resetHydrationSlices } from '@/lib/hydration-slices';
import { hydrateAndCheck } from './hydration-check';

function Pager({ page, total, extra }: { page: number; total: number; extra?: boolean }) {
  return (
    <nav>
      <p>
        Page {page} of {total}
      </p>
      {''}
      {extra && <button type="button">Next</button>}
    </nav>
  );
}

/** Server markup of one tree, hydrated with another; the errors the check logged. */
function hydrateOver(server: React.ReactElement, client: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const done = hydrateAndCheck(container, () => hydrateRoot(container, client));
  return { container, errors: errors.mock.calls, done };
}

describe('hydration check', () => {
  afterEach(() => {
    resetHydrationSlices();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('says nothing when the markup matches, though adjacent texts came as one text node and an empty one as none', () => {
    const { container, errors } = hydrateOver(<Pager page={1} total={4} />, <Pager page={1} total={4} />);
    expect(container.textContent).toBe('Page 1 of 4');
    expect(errors).toEqual([]);
  });

  it('logs an error when the browser renders another text', () => {
    const { errors } = hydrateOver(<Pager page={1} total={4} />, <Pager page={2} total={4} />);
    expect(errors).toHaveLength(1);
    expect(String(errors[0]![0])).toMatch(/^Hydration changed the server's markup/);
  });

  it('logs an error when the browser renders another element', () => {
    const { errors } = hydrateOver(<Pager page={1} total={4} />, <Pager page={1} total={4} extra />);
    expect(errors).toHaveLength(1);
  });

  it('looks at each slice as it hydrates, and not at what effects change between them', async () => {
    const sliced = (page: number, extra = false) => (
      <div>
        <HydrateLater name="pager">
          <Pager page={page} total={4} extra={extra} />
        </HydrateLater>
      </div>
    );
    const same = hydrateOver(sliced(1), sliced(1));
    await same.done;
    expect(same.errors).toEqual([]);
    expect(same.container.textContent).toBe('Page 1 of 4');

    const other = hydrateOver(sliced(1), sliced(2, true));
    // The first pass left the slice as the server wrote it.
    expect(other.errors).toEqual([]);
    expect(other.container.textContent).toBe('Page 1 of 4');
    await other.done;
    expect(other.errors).toHaveLength(1);
    expect(String(other.errors[0]![0])).toMatch(/^Hydration changed the server's markup/);
  });
});
