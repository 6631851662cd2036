import { act, render } from '@testing-library/react';
import { useId, useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydrateInSlices, hydrateRestNow, resetHydrationSlices, whenSlicesHydrated } from './hydration-slices';

/** What hydrated, in order: each item's layout effect runs as it commits. */
let hydrated: string[] = [];

function Item({ name, onPress }: { name: string; onPress(name: string): void }) {
  useLayoutEffect(() => {
    hydrated.push(name);
  }, [name]);
  return (
    <li>
      <button type="button" onClick={() => onPress(name)}>
        {name}
      </button>
    </li>
  );
}

function Page({ onPress, nested = false }: { onPress(name: string): void; nested?: boolean }) {
  const [renders, setRenders] = useState(0);
  useLayoutEffect(() => {
    hydrated.push('page');
    // A render of the parent before the slices' turn (as useHydrated causes) must not hydrate them.
    setRenders(1);
  }, []);
  return (
    <main data-renders={renders}>
      {nested && (
        <HydrateLater name="box">
          <section>
            <HydrateLater name="inner">
              <Item name="inner" onPress={onPress} />
            </HydrateLater>
            <Item name="box" onPress={onPress} />
          </section>
        </HydrateLater>
      )}
      <ul>
        {['a', 'b', 'c'].map((name) => (
          <HydrateLater key={name} name={`item-${name}`}>
            <Item name={name} onPress={onPress} />
          </HydrateLater>
        ))}
      </ul>
      <Item name="last" onPress={onPress} />
    </main>
  );
}

function serverRendered(element: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

const button = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('hydration in slices', () => {
  afterEach(() => {
    resetHydrationSlices();
    hydrated = [];
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('hydrates the page first, then each slice in a task of its own, in page order, keeping the server markup', async () => {
    const onPress = vi.fn();
    const container = serverRendered(<Page onPress={onPress} />);
    const serverButtons = [...container.querySelectorAll('button')];
    const markup = container.innerHTML;

    // Not in act(): it would hold every render back until its end, slices' too.
    const done = hydrateInSlices(() => hydrateRoot(container, <Page onPress={onPress} />));
    expect(hydrated).toEqual(['last', 'page']);
    // The page's own render that follows (microtasks, not a task) leaves the slices waiting.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(hydrated).toEqual(['last', 'page']);
    // A slice still waiting is the server's markup, without its handler.
    button(container, 'a').click();
    expect(onPress).not.toHaveBeenCalled();
    expect(container.querySelector('main')!.dataset.renders).toBe('1');

    await done;
    expect(hydrated).toEqual(['last', 'page', 'a', 'b', 'c']);
    button(container, 'a').click();
    expect(onPress).toHaveBeenCalledWith('a');
    // Every node is the server's own: hydrated, not rendered again.
    expect([...container.querySelectorAll('button')]).toEqual(serverButtons);
    expect(container.innerHTML).toBe(markup.replace('data-renders="0"', 'data-renders="1"'));
  });

  it("hydrates a slice's own slices right after it, before the slices that follow", async () => {
    const container = serverRendered(<Page onPress={() => {}} nested />);
    await hydrateInSlices(() => hydrateRoot(container, <Page onPress={() => {}} nested />));
    expect(hydrated).toEqual(['last', 'page', 'box', 'inner', 'a', 'b', 'c']);
    expect(container.querySelectorAll('button')).toHaveLength(6);
    expect(container.querySelector('section')!.textContent).toBe('innerbox');
  });

  it('says when the last slice has hydrated, and at once when nothing waits', async () => {
    const ran: string[] = [];
    whenSlicesHydrated(() => ran.push('before any'));
    expect(ran).toEqual(['before any']);

    const container = serverRendered(<Page onPress={() => {}} />);
    const done = hydrateInSlices(() => hydrateRoot(container, <Page onPress={() => {}} />));
    whenSlicesHydrated(() => ran.push(`after ${hydrated.length}`));
    expect(ran).toEqual(['before any']);
    await done;
    expect(ran).toEqual(['before any', 'after 5']);
  });

  it("renders the same markup, ids included, in the server's build, where it leaves out the boundary", () => {
    function Field({ label }: { label: string }) {
      const id = useId();
      return (
        <p>
          <label htmlFor={id}>{label}</label>
          <input id={id} />
        </p>
      );
    }
    const page = (
      <form>
        <Field label="before" />
        <HydrateLater name="box">
          <section>
            <Field label="inside" />
            <HydrateLater name="inner">
              <Field label="nested" />
            </HydrateLater>
          </section>
        </HydrateLater>
        <Field label="after" />
      </form>
    );
    const withBoundary = renderToString(page);
    vi.stubEnv('SSR', true);
    const serverBuild = renderToString(page);
    expect(serverBuild).toBe(withBoundary);
    expect(new Set(withBoundary.match(/id="[^"]+"/g)).size).toBe(4);
  });

  it('is only its child where nothing is hydrated: a page the browser renders itself', () => {
    const onPress = vi.fn();
    const { container } = render(<Page onPress={onPress} />);
    act(() => {});
    expect(hydrated).toEqual(['a', 'b', 'c', 'last', 'page']);
    button(container, 'b').click();
    expect(onPress).toHaveBeenCalledWith('b');
  });

  it('renders a slice that mounts in an ordinary render at once, though others still wait', async () => {
    const container = serverRendered(<Page onPress={() => {}} />);
    const done = hydrateInSlices(() => hydrateRoot(container, <Page onPress={() => {}} />));
    const onPress = vi.fn();
    const other = render(
      <ul>
        <HydrateLater name="fresh">
          <Item name="fresh" onPress={onPress} />
        </HydrateLater>
      </ul>,
    );
    expect(hydrated).toEqual(['last', 'page', 'fresh']);
    button(other.container, 'fresh').click();
    expect(onPress).toHaveBeenCalledWith('fresh');
    await done;
    expect(hydrated).toEqual(['last', 'page', 'fresh', 'a', 'b', 'c']);
  });

  it('hydrates every waiting slice at once when the page moves on, and stops looking at them', async () => {
    const container = serverRendered(<Page onPress={() => {}} nested />);
    const after = vi.fn();
    const done = hydrateInSlices(() => hydrateRoot(container, <Page onPress={() => {}} nested />), { after });
    expect(hydrated).toEqual(['last', 'page']);
    hydrateRestNow();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // In this task, the slices inside a slice too.
    expect([...hydrated].sort()).toEqual(['a', 'b', 'box', 'c', 'inner', 'last', 'page']);
    await done;
    expect(after).not.toHaveBeenCalled();
    expect(container.querySelectorAll('button')).toHaveLength(6);
  });
});
