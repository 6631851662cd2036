import { fmt, points, shade } from './geometry';

export interface CabinStyle {
  /** Upholstery colour. */
  trim: string;
  /** A big landscape screen and no instrument binnacle (Tesla style). */
  minimal: boolean;
  manual: boolean;
}

/** The cabin from the driver's seat (left-hand drive), over a backdrop seen through the windshield. */
export function drawInterior(style: CabinStyle, width: number, height: number, ids: string): { defs: string; body: string } {
  const W = width;
  const H = height;
  const trim = style.trim;
  const light = Number.parseInt(trim.slice(1, 3), 16) > 150;
  const headliner = light ? '#e9e5dd' : '#3a3d43';
  const dash = '#1b1e22';
  const parts: string[] = [];

  // Headliner, A-pillars and the rear-view mirror frame the windshield.
  parts.push(`<path d="M0 0 H${W} V${fmt(H * 0.1)} Q${fmt(W / 2)} ${fmt(H * 0.2)} 0 ${fmt(H * 0.1)} Z" fill="${headliner}"/>`);
  parts.push(
    `<polygon points="${points([
      [0, H * 0.08],
      [W * 0.1, H * 0.12],
      [W * 0.02, H * 0.55],
      [0, H * 0.58],
    ])}" fill="${shade(headliner, -0.25)}"/>`,
  );
  parts.push(
    `<polygon points="${points([
      [W, H * 0.08],
      [W * 0.9, H * 0.12],
      [W * 0.98, H * 0.55],
      [W, H * 0.58],
    ])}" fill="${shade(headliner, -0.25)}"/>`,
  );
  parts.push(
    `<rect x="${fmt(W * 0.44)}" y="${fmt(H * 0.15)}" width="${fmt(W * 0.12)}" height="${fmt(H * 0.06)}" rx="8" fill="#202328"/><rect x="${fmt(W * 0.452)}" y="${fmt(H * 0.16)}" width="${fmt(W * 0.096)}" height="${fmt(H * 0.04)}" rx="5" fill="#5d6b7b"/>`,
  );

  // The dashboard, with a band of upholstery across it.
  parts.push(
    `<path d="M0 ${fmt(H * 0.56)} Q${fmt(W * 0.5)} ${fmt(H * 0.44)} ${W} ${fmt(H * 0.56)} V${H} H0 Z" fill="url(#${ids}dash)"/>`,
  );
  parts.push(
    `<path d="M0 ${fmt(H * 0.66)} Q${fmt(W * 0.5)} ${fmt(H * 0.56)} ${W} ${fmt(H * 0.66)} V${fmt(H * 0.7)} Q${fmt(W * 0.5)} ${fmt(H * 0.6)} 0 ${fmt(H * 0.7)} Z" fill="${trim}"/>`,
  );
  for (const x of [0.4, 0.56, 0.84]) {
    const vx = W * x;
    parts.push(
      `<rect x="${fmt(vx)}" y="${fmt(H * 0.6)}" width="${fmt(W * 0.07)}" height="${fmt(H * 0.035)}" rx="4" fill="#0e1013"/>`,
    );
  }

  // Instruments: a binnacle with two dials, or nothing at all for the minimal cabin.
  if (!style.minimal) {
    parts.push(
      `<path d="M${fmt(W * 0.16)} ${fmt(H * 0.6)} Q${fmt(W * 0.3)} ${fmt(H * 0.47)} ${fmt(W * 0.44)} ${fmt(H * 0.6)} Z" fill="#121417"/>`,
    );
    for (const x of [0.25, 0.35]) {
      const cx = W * x;
      const cy = H * 0.6;
      const r = H * 0.045;
      const ticks = Array.from({ length: 9 }, (_, i) => {
        const a = Math.PI * (0.8 + (i / 8) * 1.4);
        return `<line x1="${fmt(cx + Math.cos(a) * r * 0.75)}" y1="${fmt(cy + Math.sin(a) * r * 0.75)}" x2="${fmt(cx + Math.cos(a) * r * 0.95)}" y2="${fmt(cy + Math.sin(a) * r * 0.95)}" stroke="#e5e7eb" stroke-width="1.2"/>`;
      }).join('');
      parts.push(
        `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="#0b0d10" stroke="#9aa1ab" stroke-width="1.5"/>${ticks}<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + r * 0.6)}" y2="${fmt(cy - r * 0.5)}" stroke="#ef4444" stroke-width="2"/>`,
      );
    }
  }

  // The centre screen showing a map.
  const sw = style.minimal ? W * 0.3 : W * 0.17;
  const sh = style.minimal ? H * 0.2 : H * 0.12;
  const sx = W * 0.52 - sw / 2 + (style.minimal ? 0 : W * 0.02);
  const sy = H * 0.5 - sh / 2;
  const roads = [
    `M${fmt(sx + sw * 0.05)} ${fmt(sy + sh * 0.7)} Q${fmt(sx + sw * 0.4)} ${fmt(sy + sh * 0.3)} ${fmt(sx + sw * 0.95)} ${fmt(sy + sh * 0.4)}`,
    `M${fmt(sx + sw * 0.3)} ${fmt(sy + sh * 0.05)} L${fmt(sx + sw * 0.5)} ${fmt(sy + sh * 0.95)}`,
  ]
    .map((d, i) => `<path d="${d}" fill="none" stroke="${i ? '#94a3b8' : '#60a5fa'}" stroke-width="${i ? 2 : 3}"/>`)
    .join('');
  parts.push(
    `<rect x="${fmt(sx - 3)}" y="${fmt(sy - 3)}" width="${fmt(sw + 6)}" height="${fmt(sh + 6)}" rx="6" fill="#0b0d10"/><rect x="${fmt(sx)}" y="${fmt(sy)}" width="${fmt(sw)}" height="${fmt(sh)}" rx="4" fill="#1e293b"/>${roads}`,
  );

  // Centre console and the gear selector.
  parts.push(
    `<polygon points="${points([
      [W * 0.44, H * 0.74],
      [W * 0.62, H * 0.74],
      [W * 0.7, H],
      [W * 0.38, H],
    ])}" fill="#15171a"/>`,
  );
  if (style.manual) {
    parts.push(
      `<ellipse cx="${fmt(W * 0.535)}" cy="${fmt(H * 0.95)}" rx="${fmt(W * 0.04)}" ry="${fmt(H * 0.04)}" fill="${shade(trim, -0.2)}"/><line x1="${fmt(W * 0.535)}" y1="${fmt(H * 0.94)}" x2="${fmt(W * 0.53)}" y2="${fmt(H * 0.84)}" stroke="#2a2d31" stroke-width="6"/><circle cx="${fmt(W * 0.53)}" cy="${fmt(H * 0.83)}" r="${fmt(H * 0.03)}" fill="#d1d5db" stroke="#374151" stroke-width="1.5"/>`,
    );
  } else {
    parts.push(
      `<rect x="${fmt(W * 0.515)}" y="${fmt(H * 0.84)}" width="${fmt(W * 0.04)}" height="${fmt(H * 0.08)}" rx="6" fill="#2a2d31" stroke="#9aa1ab" stroke-width="1.2"/>`,
    );
  }

  // Seats in the upholstery colour, with stitching.
  const seat = (x: number, flip: number) =>
    `<path d="M${fmt(x)} ${H} C${fmt(x + flip * W * 0.02)} ${fmt(H * 0.82)} ${fmt(x + flip * W * 0.2)} ${fmt(H * 0.8)} ${fmt(x + flip * W * 0.26)} ${fmt(H * 0.88)} L${fmt(x + flip * W * 0.27)} ${H} Z" fill="${trim}" stroke="${shade(trim, -0.3)}" stroke-width="2"/>
     <path d="M${fmt(x + flip * W * 0.05)} ${H} C${fmt(x + flip * W * 0.06)} ${fmt(H * 0.88)} ${fmt(x + flip * W * 0.18)} ${fmt(H * 0.86)} ${fmt(x + flip * W * 0.22)} ${fmt(H * 0.92)}" fill="none" stroke="${shade(trim, 0.3)}" stroke-width="1.4" stroke-dasharray="4 3"/>`;
  parts.push(seat(W * 0.1, 1), seat(W * 0.96, -1));

  // The steering wheel, in front of everything on the driver's side.
  const cx = W * 0.3;
  const cy = H * 0.86;
  const r = H * 0.24;
  parts.push(
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="none" stroke="#16181b" stroke-width="${fmt(H * 0.045)}"/>`,
  );
  parts.push(
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="none" stroke="#3a3e44" stroke-width="2" stroke-dasharray="${fmt(r * 0.9)} ${fmt(r * 5.4)}" transform="rotate(200 ${fmt(cx)} ${fmt(cy)})"/>`,
  );
  parts.push(
    `<polygon points="${points([
      [cx - r, cy + 4],
      [cx - r * 0.3, cy - r * 0.12],
      [cx + r * 0.3, cy - r * 0.12],
      [cx + r, cy + 4],
      [cx + r * 0.3, cy + r * 0.25],
      [cx - r * 0.3, cy + r * 0.25],
    ])}" fill="#1d2024"/>`,
  );
  parts.push(
    `<ellipse cx="${fmt(cx)}" cy="${fmt(cy + r * 0.05)}" rx="${fmt(r * 0.32)}" ry="${fmt(r * 0.24)}" fill="#24272c" stroke="#45494f" stroke-width="1.5"/><ellipse cx="${fmt(cx)}" cy="${fmt(cy + r * 0.05)}" rx="${fmt(r * 0.09)}" ry="${fmt(r * 0.06)}" fill="#c9ced6"/>`,
  );

  const defs = `<linearGradient id="${ids}dash" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(dash, 0.12)}"/><stop offset="1" stop-color="${shade(dash, -0.4)}"/></linearGradient>`;
  return { defs, body: parts.join('') };
}
