// The write load of the crash and connection-loss scripts (listings with photos, bookings) and what
// they check afterwards: the photo files on disk against the listing rows.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { TIME_SLOTS, bookableDates, bookingBody, sleep } from '../bench/lib.mjs';

const WIDTHS = [320, 640, 1280];
const COLOURS = [
  [900, 600, '#336699'],
  [500, 350, '#993366'],
  [320, 240, '#669933'],
];

/** `count` (at most 3) JPEG photos of different sizes. */
export async function photoBytes(count) {
  const { default: sharp } = await import('sharp');
  const make = ([width, height, background]) =>
    sharp({ create: { width, height, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toBuffer();
  return Promise.all(COLOURS.slice(0, count).map(make));
}

/** Every file below `root`, relative to it with forward slashes; none when it does not exist. */
export async function listFiles(root) {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

/** The stored widths of a photo `width` pixels wide: the standard widths below it, and its own (1280 at the most). */
export const expectedWidths = (width) => [...WIDTHS.filter((w) => w < (width ?? 1280)), width ?? 1280];

/** The file keys of `{ vehicle_id, key, width }` photo rows, each in every expected width. */
export const photoFileKey = (image, width) => `vehicles/${image.vehicle_id}/${image.key}-${width}.webp`;
export const photoFileKeys = (images) => new Set(images.flatMap((i) => expectedWidths(i.width).map((w) => photoFileKey(i, w))));

/**
 * Listings (1 to photos.length photos each) and bookings from `listingWorkers` and `bookingWorkers`
 * concurrent loops until stop() (which resolves once every loop has ended). Each answer goes to
 * onAnswer(kind, res, body) (kind 'listing' or 'booking'); a request that fails on the network goes to
 * onNetworkError(error), and its loop goes on after 100 ms when that returns true, else ends.
 */
export function writeLoad({ url, users, photos, label, firstDay, listingWorkers, bookingWorkers, onAnswer, onNetworkError }) {
  let running = true;
  let n = 0;
  const dates = bookableDates(firstDay, 60);
  const worker = (kind, request) => async (w) => {
    while (running) {
      n += 1;
      const user = users[(n + w) % users.length];
      try {
        const res = await request(n, user);
        await onAnswer(kind, res, await res.json().catch(() => null));
      } catch (error) {
        if (!onNetworkError(error)) return;
        await sleep(100);
      }
    }
  };
  const listing = (i, user) => {
    const form = new FormData();
    const fields = {
      title: `${label} car ${i}`,
      make: 'Toyota',
      model: 'Corolla',
      year: '2019',
      price: String(10000 + i),
      description: 'Written under the reliability write load.',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (let p = 0; p < 1 + (i % photos.length); p += 1)
      form.append('images', new Blob([photos[p]], { type: 'image/jpeg' }), `p${p}.jpg`);
    return fetch(`${url}/api/vehicles`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  };
  const booking = (i, user) =>
    fetch(`${url}/api/maintenance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify(bookingBody(dates[i % dates.length], TIME_SLOTS[(i * 7) % 12], i)),
    });
  const loops = Array.from({ length: listingWorkers }, (_, w) => worker('listing', listing)(w)).concat(
    Array.from({ length: bookingWorkers }, (_, w) => worker('booking', booking)(w)),
  );
  const done = Promise.allSettled(loops);
  return {
    done,
    stop() {
      running = false;
      return done;
    },
  };
}
