import { Suspense, useLayoutEffect, type ReactNode } from 'react';

/**
 * A server-rendered page hydrated in slices, one task each, instead of in one long task: on a slow phone the
 * list page's hydration was one task of about 300 ms (Chromium at a 4x slowdown), all of it blocking time.
 * Inside `hydrateInSlices`, the first pass leaves every `HydrateLater` as the server wrote it (a child that
 * suspends while hydrating keeps its markup; Preact resumes hydrating it once its promise settles); then
 * they hydrate one per task, in page order, a slice's own slices right after it. Anywhere else (every later
 * render, a page the browser renders itself, the server) `HydrateLater` is only its child.
 */

interface Slice {
  promise: Promise<void>;
  release: () => void;
}

/** What `hydrateAndCheck` does around each slice: before its render, and once it has hydrated. */
export interface SliceHooks {
  before?: () => void;
  after?: () => void;
}

/** From the first pass until the last slice has hydrated. */
let pending = false;
/** The slices held, by name, and the names still to hydrate, in page order. */
let held = new Map<string, Slice>();
let order: string[] = [];
/** Where a slice held now goes in `order`: a slice's own slices hydrate right after it, in their order. */
let insertAt = 0;
const released = new Set<string>();
/** True while `hydrate` runs the first pass: every Hold rendered then renders over the server's markup. */
let firstPass = false;
/** The slice released in this task, until its layout effect says its render is done. */
let releasing: string | undefined;
/** True from the released slice's render to its layout effect: what renders then is inside it. */
let sliceRendering = false;
let sliceHooks: SliceHooks = {};
const afterAll: (() => void)[] = [];

/** A new task soon, without setTimeout's 4 ms clamp on nested timers. */
function nextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/** Resolves in a new task: what comes after it leaves the browser free to paint and answer input first. */
export const nextTaskStart = () => new Promise<void>((resolve) => nextTask(resolve));

function releaseNext() {
  releasing = undefined;
  sliceRendering = false;
  insertAt = 0;
  const name = order.shift();
  if (name !== undefined) {
    // The slice renders in this task's microtasks (its Suspense resolves, Preact's queue runs), the next after.
    sliceHooks.before?.();
    released.add(name);
    releasing = name;
    held.get(name)!.release();
    nextTask(releaseNext);
    return;
  }
  pending = false;
  held = new Map();
  released.clear();
  sliceHooks = {};
  for (const run of afterAll.splice(0)) run();
}

/**
 * Hydrates: `hydrate` runs the first pass (hydrateRoot), then the `HydrateLater` slices follow one per task.
 * Resolves once the last has hydrated.
 */
export function hydrateInSlices(hydrate: () => void, hooks: SliceHooks = {}): Promise<void> {
  pending = true;
  sliceHooks = hooks;
  const done = new Promise<void>((resolve) => afterAll.push(resolve));
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
    nextTask(releaseNext);
  }
  return done;
}

/**
 * Hydrates every slice still waiting, now (their renders follow in this task's microtasks), and stops
 * looking at them: for when the page's state moves on (a navigation, new data) while slices wait. A slice
 * hydrated after that renders the new state over the server's old markup, which is no mismatch.
 */
export function hydrateRestNow(): void {
  if (!pending) return;
  sliceHooks = {};
  releasing = undefined;
  sliceRendering = false;
  for (const name of order.splice(0)) {
    released.add(name);
    held.get(name)!.release();
  }
}

/** Runs `run` once every slice of the page has hydrated (at once when none is waiting). */
export function whenSlicesHydrated(run: () => void): void {
  if (pending) afterAll.push(run);
  else run();
}

function hold(name: string): Slice {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  const slice = { promise, release };
  held.set(name, slice);
  order.splice(insertAt++, 0, name);
  return slice;
}

function Hold({ name, children }: { name: string; children: ReactNode }) {
  let slice = pending ? held.get(name) : undefined;
  // Rendering over the server's markup (in the first pass, or inside a slice as it hydrates): held for later.
  if (!slice && pending && (firstPass || sliceRendering)) slice = hold(name);
  // Held until its turn, through any render of its parent before then (the same promise: Preact keeps the markup).
  if (slice && !released.has(name)) throw slice.promise;
  const hydratingNow = slice !== undefined && releasing === name;
  if (hydratingNow) sliceRendering = true;
  useLayoutEffect(() => {
    if (hydratingNow) {
      sliceRendering = false;
      releasing = undefined;
      sliceHooks.after?.();
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, at the slice's own hydration
  return children;
}

/**
 * Hydrated in a task of its own, after the rest of the page (after the slice it is in). `name` is unique on
 * the page; the child renders exactly one element (what Preact keeps of a suspended child's markup is its
 * first node), e.g. a card's `<li>`.
 */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  // The server's build has nothing to hold, and the boundary and its Hold cost 2-4% of a list page's render.
  // Neither reaches the markup, and useId counts in render order, which leaving them out does not change.
  if (import.meta.env.SSR) return children;
  return (
    <Suspense fallback={null}>
      <Hold name={name}>{children}</Hold>
    </Suspense>
  );
}

/** For tests: forget any slice still waiting. */
export function resetHydrationSlices() {
  pending = false;
  insertAt = 0;
  firstPass = false;
  releasing = undefined;
  sliceRendering = false;
  held = new Map();
  order = [];
  released.clear();
  afterAll.length = 0;
  sliceHooks = {};
}
