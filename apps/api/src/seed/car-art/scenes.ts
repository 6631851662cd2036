// Backdrops for the demo photos, in image pixels: the showroom, the forecourt by day, the lot at dusk.

export type SceneName = 'showroom' | 'forecourt' | 'dusk';

export const SCENES: readonly SceneName[] = ['showroom', 'forecourt', 'dusk'];

/** The line where the floor meets the wall or the sky, as a share of the image height. */
export const HORIZON = 0.56;

export function backdrop(scene: SceneName, width: number, height: number, ids: string): { defs: string; body: string } {
  const horizon = Math.round(height * HORIZON);
  if (scene === 'showroom') {
    const windows = Array.from({ length: 7 }, (_, i) => {
      const x = Math.round((i + 0.5) * (width / 7));
      return `<rect x="${x - 2}" y="0" width="4" height="${horizon}" fill="#b9c2cd"/>`;
    }).join('');
    const spots = [0.2, 0.5, 0.8]
      .map(
        (f) =>
          `<ellipse cx="${Math.round(width * f)}" cy="${horizon + 50}" rx="${Math.round(width * 0.16)}" ry="20" fill="#ffffff" opacity="0.35"/>`,
      )
      .join('');
    return {
      defs: `<linearGradient id="${ids}wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe7ef"/><stop offset="1" stop-color="#f4f7fa"/></linearGradient>
        <linearGradient id="${ids}floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9ced6"/><stop offset="1" stop-color="#8f97a2"/></linearGradient>`,
      body: `<rect width="${width}" height="${horizon}" fill="url(#${ids}wall)"/>${windows}
        <rect y="${Math.round(horizon * 0.1)}" width="${width}" height="6" fill="#b9c2cd"/>
        <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#${ids}floor)"/>
        <rect y="${horizon}" width="${width}" height="3" fill="#7b8490"/>${spots}`,
    };
  }
  const dusk = scene === 'dusk';
  const sky = dusk ? ['#3b4a6b', '#f3a76b'] : ['#6fa8dc', '#dcecf8'];
  const hills = dusk ? '#2f3a4f' : '#6f8f72';
  const trees = dusk ? '#222b3a' : '#4c6b4f';
  const building = dusk ? '#4a5366' : '#e6e9ee';
  const glass = dusk ? '#f6c66a' : '#8fb3cf';
  const treeLine = Array.from({ length: 18 }, (_, i) => {
    const x = Math.round((i / 17) * width);
    const r = 16 + ((i * 7) % 11);
    return `<circle cx="${x}" cy="${horizon - 18}" r="${r}" fill="${trees}"/>`;
  }).join('');
  const bx = Math.round(width * 0.52);
  const bw = Math.round(width * 0.42);
  const panes = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${bx + 10 + i * Math.round((bw - 20) / 6)}" y="${horizon - 62}" width="${Math.round((bw - 20) / 6) - 6}" height="44" fill="${glass}" opacity="0.85"/>`,
  ).join('');
  const bays = Array.from({ length: 9 }, (_, i) => {
    const x = Math.round((i / 8) * width * 1.4 - width * 0.2);
    return `<polygon points="${x},${horizon + 6} ${x + 3},${horizon + 6} ${x + 30 - width * 0.25},${height} ${x + 24 - width * 0.25},${height}" fill="#f8fafc" opacity="0.55"/>`;
  }).join('');
  return {
    defs: `<linearGradient id="${ids}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
      <linearGradient id="${ids}tarmac" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dusk ? '#4b4f57' : '#8a8f97'}"/><stop offset="1" stop-color="${dusk ? '#2a2d33' : '#5d626a'}"/></linearGradient>`,
    body: `<rect width="${width}" height="${horizon}" fill="url(#${ids}sky)"/>
      <path d="M0 ${horizon - 30} Q ${width * 0.25} ${horizon - 75} ${width * 0.5} ${horizon - 38} T ${width} ${horizon - 48} V ${horizon} H 0 Z" fill="${hills}"/>${treeLine}
      <rect x="${bx}" y="${horizon - 78}" width="${bw}" height="78" fill="${building}"/>
      <rect x="${bx}" y="${horizon - 84}" width="${bw}" height="10" fill="#1d4ed8"/>${panes}
      <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#${ids}tarmac)"/>${bays}`,
  };
}
