import { AsyncResource } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EntryServer, ServerPage } from './entry-server';

/** What a render thread answers for one page. */
type Outcome = { page: ServerPage } | { redirect: string; status: number } | { none: true } | { error: string };

/** Messages from a render thread: an API read a render asks for, or a render's outcome. */
type FromThread =
  | { kind: 'read'; id: number; render: number; url: string; method: string }
  | { kind: 'rendered'; id: number; outcome: Outcome };

/**
 * A render thread's code (an ES module): it loads the web build's renderer and renders each page it is
 * sent. The API, its caches and its limits stay in the main thread: every API read a render makes is
 * asked of the main thread and answered from there, named by the render it belongs to.
 */
const THREAD_MODULE = `
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
const entry = await import(workerData.entryUrl);
const rendering = new AsyncLocalStorage();
// An answer as page-renderer.ts's fetcher hands it over: a Response with no body stream, read as the string it came as.
class ReadAnswer extends Response {
  #body;
  constructor(body, status, contentType) {
    super(null, { status, headers: { 'content-type': contentType } });
    this.#body = body ?? '';
  }
  text() { return Promise.resolve(this.#body); }
  json() { return this.text().then((text) => JSON.parse(text)); }
}
const reads = new Map();
let lastRead = 0;
const encoder = new TextEncoder();
entry.setApiFetch((url, init) => new Promise((resolve, reject) => {
  lastRead += 1;
  reads.set(lastRead, { resolve, reject });
  parentPort.postMessage({ kind: 'read', id: lastRead, render: rendering.getStore(), url, method: init?.method ?? 'GET' });
}));
async function outcomeOf(message) {
  try {
    const result = await rendering.run(message.id, () => entry.render(new Request(message.url, { headers: message.headers })));
    if (result === null) return { none: true };
    if (result instanceof Response) {
      const location = result.headers.get('location');
      return location ? { redirect: location, status: result.status } : { none: true };
    }
    // The page's markup and data as the UTF-8 bytes they go out as, encoded here and moved to the main thread
    // (not copied): the main thread, which every request shares, neither copies nor encodes them.
    return { page: { html: encoder.encode(result.html), head: result.head, state: encoder.encode(result.state), status: result.status } };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
parentPort.on('message', async (message) => {
  if (message.kind === 'answer') {
    const read = reads.get(message.id);
    reads.delete(message.id);
    if (message.error !== undefined) read.reject(new Error(message.error));
    else read.resolve(new ReadAnswer(message.body, message.status, message.contentType));
    return;
  }
  const outcome = await outcomeOf(message);
  const moved = outcome.page ? [outcome.page.html.buffer, outcome.page.state.buffer] : [];
  parentPort.postMessage({ kind: 'rendered', id: message.id, outcome }, moved);
});
`;
const THREAD_URL = new URL(`data:text/javascript,${encodeURIComponent(THREAD_MODULE)}`);

/** After a thread stops, renders are refused (their pages go out as the app shell) this long before a new one starts. */
const RESTART_AFTER_MS = 1_000;
/** A render still running after this long is stuck (a list page takes milliseconds): its thread is stopped. */
const RENDER_TIMEOUT_MS = 10_000;
/**
 * A thread's heap for long-lived objects (a list page's render needs a few MB): a render that allocates without
 * end stops its thread (ERR_WORKER_OUT_OF_MEMORY), not the process.
 */
const THREAD_HEAP_MB = 256;
/**
 * A thread's young generation (two 32 MB semi-spaces and their large objects): a list page's render allocates
 * about 1.8 MB, and the renders in hand keep theirs alive across a scavenge, so V8's default for this heap (about
 * half as large) copied them twice as often. 0.87-0.88x the process's CPU a rendered page (three alternating
 * rounds, twice), for about 36 MB more resident after renders.
 */
const THREAD_YOUNG_MB = 96;

interface PendingRender {
  resolve(result: ServerPage | Response | null): void;
  reject(error: Error): void;
  /** The renderer's API fetcher, in the async context of the request the page is rendered for. */
  read(url: string, init: RequestInit): Promise<Response>;
  timer: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  pending: Map<number, PendingRender>;
}

export interface ThreadedEntryServer extends EntryServer {
  /** Stops the threads; renders still running are refused. */
  close(): Promise<void>;
}

/**
 * The web build's renderer run in worker threads, each with its own JavaScript heap and event loop: a
 * render (several milliseconds of CPU for a list page) then uses another core, and requests that need
 * no render, cached pages and API answers alike, are not queued behind it. `pageAddress` is called
 * for every page request and is cheap, so it stays in this thread (`local`, the same build loaded here).
 * A thread that stops, or whose render runs past `timeoutMs` (then it is stopped), is replaced a second later;
 * until then pages go out as the app shell (null).
 */
export function renderInThreads(
  file: string,
  local: EntryServer,
  count: number,
  onStopped: (error: Error) => void,
  timeoutMs = RENDER_TIMEOUT_MS,
): ThreadedEntryServer {
  const threads: (Thread | undefined)[] = Array.from({ length: count }, () => undefined);
  let apiFetch: ((url: string, init: RequestInit) => Promise<Response>) | undefined;
  let lastRender = 0;
  let refuseUntil = 0;
  let closed = false;

  function stop(thread: Thread, error: Error) {
    const slot = threads.indexOf(thread);
    if (slot < 0) return;
    threads[slot] = undefined;
    for (const render of thread.pending.values()) {
      clearTimeout(render.timer);
      render.reject(error);
    }
    thread.pending.clear();
    if (closed) return;
    refuseUntil = Date.now() + RESTART_AFTER_MS;
    onStopped(error);
  }

  async function answer(thread: Thread, message: Extract<FromThread, { kind: 'read' }>) {
    const render = thread.pending.get(message.render);
    try {
      if (!render) throw new Error(`no render ${message.render} is waiting for ${message.url}`);
      const res = await render.read(message.url, { method: message.method });
      const body = res.status === 204 ? null : await res.text();
      thread.worker.postMessage({ kind: 'answer', id: message.id, status: res.status, contentType: res.headers.get('content-type'), body });
    } catch (error) {
      thread.worker.postMessage({ kind: 'answer', id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  function settle(thread: Thread, id: number, outcome: Outcome) {
    const render = thread.pending.get(id);
    if (!render) return;
    thread.pending.delete(id);
    clearTimeout(render.timer);
    if ('error' in outcome) render.reject(new Error(`The page render thread's render failed: ${outcome.error}`));
    else if ('none' in outcome) render.resolve(null);
    else if ('redirect' in outcome) render.resolve(new Response(null, { status: outcome.status, headers: { location: outcome.redirect } }));
    else render.resolve(outcome.page);
  }

  function start(slot: number): Thread {
    const worker = new Worker(THREAD_URL, { workerData: { entryUrl: pathToFileURL(file).href }, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB } });
    // The threads never keep the process alive on their own: the server's close ends them.
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: FromThread) => {
      if (message.kind === 'read') void answer(thread, message);
      else settle(thread, message.id, message.outcome);
    });
    worker.on('error', (error) => stop(thread, error));
    worker.on('exit', (code) => stop(thread, new Error(`The page render thread stopped (exit code ${code})`)));
    threads[slot] = thread;
    return thread;
  }

  /** The running thread with the fewest renders in hand, or a new one in an empty slot. */
  function threadFor(): Thread {
    let best: Thread | undefined;
    for (let slot = 0; slot < threads.length; slot += 1) {
      const thread = threads[slot] ?? start(slot);
      if (!best || thread.pending.size < best.pending.size) best = thread;
      if (thread.pending.size === 0) break;
    }
    return best!;
  }

  return {
    pageAddress: (url) => local.pageAddress(url),
    setApiFetch(fetcher) {
      apiFetch = fetcher;
    },
    render(request) {
      // Stopped or restarting: the page goes out as the app shell (the stop itself was logged once).
      if (closed || Date.now() < refuseUntil) return Promise.resolve(null);
      const fetcher = apiFetch;
      if (!fetcher) return Promise.reject(new Error('The page renderer has no API fetcher'));
      const thread = threadFor();
      lastRender += 1;
      const id = lastRender;
      return new Promise((resolve, reject) => {
        // A stuck render (a loop that never ends) would hold its render slot and the thread for good.
        const timer = setTimeout(() => {
          stop(thread, new Error(`A page render ran longer than ${timeoutMs} ms: its thread was stopped`));
          void thread.worker.terminate();
        }, timeoutMs).unref();
        const read = AsyncResource.bind((url: string, init: RequestInit) => fetcher(url, init));
        thread.pending.set(id, { resolve, reject, read, timer });
        thread.worker.postMessage({ kind: 'render', id, url: request.url, headers: Object.fromEntries(request.headers) });
      });
    },
    async close() {
      closed = true;
      const running = threads.filter((thread): thread is Thread => thread !== undefined);
      for (const thread of running) stop(thread, new Error('The page render threads are closed'));
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}
