import type { BodyDims, CarDesign } from './designs';
import {
  facesCamera,
  fmt,
  insetPolygon,
  planeMatrix,
  points,
  project,
  roundedPath,
  shade,
  type Camera,
  type Vec2,
  type Vec3,
} from './geometry';

export type ExteriorView = 'front' | 'side' | 'rear';

/** Front and rear three-quarter views from slightly above; the side view nearly level. */
export const CAMERAS: Record<ExteriorView, Camera> = {
  front: { yaw: 0.62, pitch: 0.2 },
  side: { yaw: 0, pitch: 0.05 },
  rear: { yaw: -0.62, pitch: 0.2 },
};

type Kind = 'paint' | 'roof' | 'glass' | 'front' | 'rear' | 'bed' | 'hidden';
type Profile = [Vec2, Kind][];

const TRIM = '#121519';
const RUBBER = '#16181c';

/** The body below the windows, front bumper to rear bumper; each point starts a segment of its kind. */
function lowerProfile(d: BodyDims, body: CarDesign['body']): Profile {
  const front: Profile = [
    [[14, d.clearance], 'paint'],
    [[1, d.clearance + 14], 'front'],
    [[0, d.nose - 12], 'paint'],
    [[16, d.nose], 'paint'],
  ];
  let top: Profile;
  if (body === 'pickup') {
    top = [
      [[d.windshieldX, d.belt], 'paint'],
      [[d.bedX!, d.beltRear], 'bed'],
      [[d.length - 3, d.beltRear], 'paint'],
      [[d.length, d.beltRear - 6], 'rear'],
    ];
  } else if (d.rearGlassX < d.length - 30) {
    top = [
      [[d.windshieldX, d.belt], 'paint'],
      [[d.rearGlassX, d.beltRear], 'paint'],
      [[d.length - 10, d.deck], 'paint'],
      [[d.length, d.deck - 12], 'rear'],
    ];
  } else {
    top = [
      [[d.windshieldX, d.belt], 'paint'],
      [[d.length - 3, d.beltRear], 'paint'],
      [[d.length, d.beltRear - 8], 'rear'],
    ];
  }
  return [...front, ...top, [[d.length, d.clearance + 16], 'paint'], [[d.length - 12, d.clearance], 'hidden']];
}

/** The glasshouse: windshield, roof and rear window. */
function cabinProfile(d: BodyDims): Profile {
  const rearChamfer = Math.min(d.roofRearX + 8, (d.roofRearX + d.rearGlassX) / 2);
  return [
    [[d.windshieldX, d.belt], 'glass'],
    [[d.roofFrontX - 10, d.height - 3], 'paint'],
    [[d.roofFrontX, d.height], 'roof'],
    [[d.roofRearX, d.height], 'paint'],
    [[rearChamfer, d.height - 4], 'glass'],
    [[d.rearGlassX, d.beltRear], 'hidden'],
  ];
}

interface Palette {
  paint: string;
  /** Soft tops and unpainted parts. */
  fabric: string;
}

interface DrawContext {
  cam: Camera;
  design: CarDesign;
  palette: Palette;
  light: Vec3;
  ids: string;
}

function lightFor(cam: Camera): Vec3 {
  const forward: Vec3 = [Math.sin(cam.yaw) * Math.cos(cam.pitch), -Math.sin(cam.pitch), Math.cos(cam.yaw) * Math.cos(cam.pitch)];
  const left: Vec3 = [-Math.cos(cam.yaw), 0, Math.sin(cam.yaw)];
  const v: Vec3 = [-0.5 * forward[0] + 0.35 * left[0], 0.8 - 0.5 * forward[1], -0.5 * forward[2] + 0.35 * left[2]];
  const len = Math.hypot(...v);
  return [v[0] / len, v[1] / len, v[2] / len];
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const lit = (ctx: DrawContext, color: string, normal: Vec3) =>
  shade(color, Math.max(-0.5, Math.min(0.22, -0.42 + 0.62 * dot(normal, ctx.light))));

/** A 2-D drawing placed on a plane of the car. */
const onPlane = (ctx: DrawContext, origin: Vec3, u: Vec3, v: Vec3, body: string) =>
  `<g transform="${planeMatrix(ctx.cam, origin, u, v)}">${body}</g>`;

function outwardNormal(profile: Profile, i: number): Vec3 {
  const a = profile[i]![0];
  const b = profile[(i + 1) % profile.length]![0];
  const cx = profile.reduce((s, [p]) => s + p[0], 0) / profile.length;
  const cy = profile.reduce((s, [p]) => s + p[1], 0) / profile.length;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  let n: Vec2 = [(b[1] - a[1]) / len, -(b[0] - a[0]) / len];
  if (n[0] * ((a[0] + b[0]) / 2 - cx) + n[1] * ((a[1] + b[1]) / 2 - cy) < 0) n = [-n[0], -n[1]];
  return [n[0], n[1], 0];
}

/** The faces of a profile extruded from z0 to z1 that the camera sees, with their details. */
function prism(
  ctx: DrawContext,
  profile: Profile,
  z0: number,
  z1: number,
  material: string,
  nearFace: (path: string) => string,
): string {
  const out: string[] = [];
  const width = z1 - z0;
  profile.forEach(([a, kind], i) => {
    if (kind === 'hidden') return;
    const b = profile[(i + 1) % profile.length]![0];
    const normal = outwardNormal(profile, i);
    if (!facesCamera(ctx.cam, normal)) return;
    const corners = [
      project(ctx.cam, [a[0], a[1], z0]),
      project(ctx.cam, [b[0], b[1], z0]),
      project(ctx.cam, [b[0], b[1], z1]),
      project(ctx.cam, [a[0], a[1], z1]),
    ];
    const color = lit(ctx, material, normal);
    out.push(
      `<polygon points="${points(corners)}" fill="${color}" stroke="${shade(color, -0.25)}" stroke-width="0.6" stroke-linejoin="round"/>`,
    );
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const along: Vec3 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len, 0];
    const across: Vec3 = [0, 0, 1];
    if (kind === 'glass') {
      out.push(onPlane(ctx, [a[0], a[1], z0], along, across, glassRect(ctx, 4, 5, len - 8, width - 10, 'glassWide')));
    } else if (kind === 'bed') {
      const ribs = Array.from(
        { length: 7 },
        (_, r) => `<rect x="8" y="${fmt(10 + (r * (width - 20)) / 6)}" width="${fmt(len - 16)}" height="1.6" fill="#2c3138"/>`,
      ).join('');
      out.push(
        onPlane(
          ctx,
          [a[0], a[1], z0],
          along,
          across,
          `<rect x="5" y="5" width="${fmt(len - 10)}" height="${fmt(width - 10)}" rx="2" fill="#1b1e23"/>${ribs}`,
        ),
      );
    } else if (kind === 'roof' && ctx.design.roofRails) {
      const rail = (y: number) => `<rect x="6" y="${fmt(y)}" width="${fmt(len - 12)}" height="3.5" rx="1.5" fill="#1f2329"/>`;
      out.push(onPlane(ctx, [a[0], a[1] + 3, z0], along, across, rail(8) + rail(width - 11.5)));
    } else if (kind === 'front' || kind === 'rear') {
      // Drawn from the bottom edge upwards, near side at x = 0.
      const [low, high] = a[1] < b[1] ? [a, b] : [b, a];
      const height = high[1] - low[1];
      const detail = kind === 'front' ? frontFascia(ctx, width, height) : rearFascia(ctx, width, height);
      out.push(
        onPlane(
          ctx,
          [low[0], low[1], z0],
          [0, 0, 1],
          [0, 1, 0],
          `<g transform="scale(1,-1) translate(0,${fmt(-height)})">${detail}</g>`,
        ),
      );
    }
  });
  if (facesCamera(ctx.cam, [0, 0, -1])) {
    const near = profile.map(([p]) => project(ctx.cam, [p[0], p[1], z0]));
    out.push(nearFace(roundedPath(near, 9)));
  }
  return out.join('');
}

function glassRect(ctx: DrawContext, x: number, y: number, w: number, h: number, gradient: string): string {
  return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(Math.max(0, w))}" height="${fmt(Math.max(0, h))}" rx="3" fill="url(#${ctx.ids}${gradient})"/>`;
}

/**
 * The front fascia in flat coordinates: x across the car (0 at the near side), y down from the
 * hood line (the caller flips it so the drawing reads top-down).
 */
function frontFascia(ctx: DrawContext, w: number, h: number): string {
  const { grille, lights } = ctx.design;
  const paint = ctx.palette.paint;
  const parts: string[] = [];
  const lamp = (x: number) => {
    if (lights === 'round') {
      const r = Math.min(h * 0.26, 11);
      return `<circle cx="${fmt(x)}" cy="${fmt(r + 4)}" r="${fmt(r)}" fill="#e9eef5" stroke="#3a4048" stroke-width="2"/><circle cx="${fmt(x)}" cy="${fmt(r + 4)}" r="${fmt(r * 0.45)}" fill="#ffffff"/>`;
    }
    const lw = lights === 'square' ? w * 0.2 : w * 0.25;
    const lh = lights === 'square' ? Math.min(h * 0.32, 20) : Math.min(h * 0.24, 11);
    const lx = x < w / 2 ? 5 : w - 5 - lw;
    return `<rect x="${fmt(lx)}" y="3" width="${fmt(lw)}" height="${fmt(lh)}" rx="3" fill="#dfe6ee" stroke="#3a4048" stroke-width="1.6"/><rect x="${fmt(lx + 3)}" y="${fmt(lh * 0.55)}" width="${fmt(lw - 6)}" height="1.6" fill="#fff7d6"/>`;
  };
  const lampX = lights === 'round' ? w * 0.16 : 0;
  // Lower air intake and bumper.
  parts.push(
    `<rect x="${fmt(w * 0.2)}" y="${fmt(h * 0.7)}" width="${fmt(w * 0.6)}" height="${fmt(h * 0.22)}" rx="3" fill="#14171b"/>`,
  );
  const gx = w * 0.3;
  const gw = w * 0.4;
  const gy = h * 0.14;
  const gh = h * 0.46;
  switch (grille) {
    case 'kidney':
      for (const x of [w / 2 - 17, w / 2 + 1])
        parts.push(
          `<rect x="${fmt(x)}" y="${fmt(gy)}" width="16" height="${fmt(gh)}" rx="5" fill="#121417" stroke="#c9ced6" stroke-width="1.6"/>`,
        );
      break;
    case 'hex':
      parts.push(
        `<polygon points="${points([
          [gx + 6, gy],
          [gx + gw - 6, gy],
          [gx + gw, gy + gh * 0.5],
          [gx + gw - 8, gy + gh * 1.25],
          [gx + 8, gy + gh * 1.25],
          [gx, gy + gh * 0.5],
        ])}" fill="#121417" stroke="#9aa1ab" stroke-width="1.4"/>`,
      );
      break;
    case 'spindle':
      parts.push(
        `<polygon points="${points([
          [gx, gy],
          [gx + gw, gy],
          [gx + gw * 0.62, gy + gh * 0.5],
          [gx + gw + 4, gy + gh * 1.35],
          [gx - 4, gy + gh * 1.35],
          [gx + gw * 0.38, gy + gh * 0.5],
        ])}" fill="#121417" stroke="#b8bec7" stroke-width="1.4"/>`,
      );
      break;
    case 'slots':
      for (let i = 0; i < 7; i += 1)
        parts.push(
          `<rect x="${fmt(w * 0.3 + (i * (w * 0.4)) / 7 + 2)}" y="${fmt(gy)}" width="${fmt((w * 0.4) / 7 - 4)}" height="${fmt(gh * 1.2)}" rx="2" fill="#111316"/>`,
        );
      break;
    case 'truck': {
      const tx = w * 0.2;
      const tw = w * 0.6;
      parts.push(
        `<rect x="${fmt(tx)}" y="${fmt(gy)}" width="${fmt(tw)}" height="${fmt(gh * 1.15)}" rx="4" fill="#15181c" stroke="#d4d8de" stroke-width="3"/>`,
      );
      for (let i = 1; i < 5; i += 1)
        parts.push(
          `<rect x="${fmt(tx + 3)}" y="${fmt(gy + (i * gh * 1.15) / 5)}" width="${fmt(tw - 6)}" height="1.6" fill="#3a3f46"/>`,
        );
      parts.push(
        `<rect x="${fmt(tx)}" y="${fmt(gy + gh * 0.5)}" width="${fmt(tw)}" height="4" fill="#cfd4da"/><rect x="${fmt(w / 2 - 2)}" y="${fmt(gy)}" width="4" height="${fmt(gh * 1.15)}" fill="#cfd4da"/>`,
      );
      parts.push(`<rect x="0" y="${fmt(h * 0.72)}" width="${fmt(w)}" height="${fmt(h * 0.24)}" rx="3" fill="#c5cad1"/>`);
      break;
    }
    case 'bar':
      parts.push(
        `<rect x="${fmt(gx)}" y="${fmt(gy)}" width="${fmt(gw)}" height="${fmt(gh)}" rx="4" fill="#121417"/><rect x="${fmt(gx - 4)}" y="${fmt(gy + gh * 0.35)}" width="${fmt(gw + 8)}" height="3.2" rx="1.5" fill="#d6dbe1"/>`,
      );
      break;
    case 'wide':
      parts.push(
        `<rect x="${fmt(gx - 6)}" y="${fmt(gy + gh * 0.2)}" width="${fmt(gw + 12)}" height="${fmt(gh)}" rx="6" fill="#121417"/>`,
      );
      for (let i = 1; i < 4; i += 1)
        parts.push(
          `<rect x="${fmt(gx)}" y="${fmt(gy + gh * 0.2 + (i * gh) / 4)}" width="${fmt(gw)}" height="1.2" fill="#30353c"/>`,
        );
      break;
    case 'none':
      parts.push(
        `<rect x="${fmt(w * 0.25)}" y="${fmt(gy + gh * 0.6)}" width="${fmt(w * 0.5)}" height="3" rx="1.5" fill="${shade(paint, -0.3)}"/>`,
      );
      break;
  }
  parts.push(lamp(lampX || 5), lamp(lampX ? w - lampX : w - 5));
  // The badge, a plain chrome oval.
  parts.push(
    `<ellipse cx="${fmt(w / 2)}" cy="${fmt(gy + gh * (grille === 'truck' ? 0.55 : 0.35))}" rx="5" ry="3.2" fill="#e5e7eb" stroke="#6b7280" stroke-width="0.8"/>`,
  );
  return parts.join('');
}

/** Tail lights, plate and bumper on the rear face (x across, y down from the top edge). */
function rearFascia(ctx: DrawContext, w: number, h: number): string {
  const parts: string[] = [];
  const pickup = ctx.design.body === 'pickup';
  parts.push(
    `<rect x="0" y="${fmt(h * 0.74)}" width="${fmt(w)}" height="${fmt(h * 0.26)}" rx="3" fill="${pickup ? '#c5cad1' : shade(ctx.palette.paint, -0.22)}"/>`,
  );
  if (pickup) {
    for (const x of [1, w - 9])
      parts.push(
        `<rect x="${fmt(x)}" y="4" width="8" height="${fmt(h * 0.4)}" rx="2" fill="#c81e1e" stroke="#5b0f0f" stroke-width="1"/>`,
      );
    parts.push(`<rect x="${fmt(w / 2 - 12)}" y="5" width="24" height="5" rx="2" fill="#1b1e23"/>`);
  } else {
    const lw = w * 0.27;
    const lh = Math.min(h * 0.3, 13);
    for (const x of [3, w - 3 - lw])
      parts.push(
        `<rect x="${fmt(x)}" y="3" width="${fmt(lw)}" height="${fmt(lh)}" rx="3" fill="#c81e1e" stroke="#5b0f0f" stroke-width="1.2"/><rect x="${fmt(x + 3)}" y="${fmt(3 + lh * 0.45)}" width="${fmt(lw - 6)}" height="1.6" fill="#f87171"/>`,
      );
  }
  if (ctx.design.spareWheel) {
    const r = ctx.design.dims.wheel * 0.85;
    parts.push(
      `<circle cx="${fmt(w / 2)}" cy="${fmt(h * 0.42)}" r="${fmt(r)}" fill="${RUBBER}"/><circle cx="${fmt(w / 2)}" cy="${fmt(h * 0.42)}" r="${fmt(r * 0.55)}" fill="#6b7280"/>`,
    );
  }
  const py = ctx.design.spareWheel ? h * 0.58 : h * 0.42;
  parts.push(
    `<rect x="${fmt(w / 2 - 16)}" y="${fmt(py)}" width="32" height="16" rx="1.5" fill="#f8fafc" stroke="#1e3a8a" stroke-width="1.2"/><rect x="${fmt(w / 2 - 11)}" y="${fmt(py + 6)}" width="22" height="4.5" fill="#1e3a8a"/>`,
  );
  return parts.join('');
}

function wheel(ctx: DrawContext, x: number, z: number, near: boolean): string {
  const r = ctx.design.dims.wheel;
  const tyre = `<circle r="${fmt(r)}" fill="${RUBBER}"/>`;
  if (!near) return onPlane(ctx, [x, r, z], [1, 0, 0], [0, 1, 0], `${tyre}<circle r="${fmt(r * 0.62)}" fill="#30353c"/>`);
  const inner = onPlane(ctx, [x, r, 22], [1, 0, 0], [0, 1, 0], tyre);
  const rimR = r * 0.64;
  let rim = `<circle r="${fmt(r * 0.93)}" fill="none" stroke="#2b2f35" stroke-width="1.4"/><circle r="${fmt(rimR)}" fill="url(#${ctx.ids}rim)"/>`;
  const style = ctx.design.wheels;
  const spokes = style === 'sport' ? 10 : style === 'truck' ? 6 : 5;
  if (style === 'aero') {
    rim += `<circle r="${fmt(rimR * 0.8)}" fill="#8b929c"/>`;
  } else {
    const holes = Array.from({ length: spokes }, (_, i) => {
      const a0 = (i / spokes) * Math.PI * 2 + 0.18;
      const a1 = ((i + 1) / spokes) * Math.PI * 2 - 0.18;
      const ri = rimR * 0.3;
      const ro = rimR * (style === 'truck' ? 0.55 : 0.88);
      const p = (a: number, rad: number) => `${fmt(Math.cos(a) * rad)},${fmt(Math.sin(a) * rad)}`;
      return `<polygon points="${p(a0, ri)} ${p(a0, ro)} ${p(a1, ro)} ${p(a1, ri)}" fill="#23272d"/>`;
    }).join('');
    rim += holes;
    if (style === 'sport')
      rim += `<rect x="${fmt(rimR * 0.2)}" y="${fmt(-rimR * 0.6)}" width="${fmt(rimR * 0.28)}" height="${fmt(rimR * 0.5)}" rx="2" fill="#c81e1e"/>`;
  }
  rim += `<circle r="${fmt(r * 0.13)}" fill="#9aa1ab" stroke="#4b5563" stroke-width="1"/>`;
  return inner + onPlane(ctx, [x, r, -1.5], [1, 0, 0], [0, 1, 0], tyre + rim);
}

/** Door cuts, handles, lights and trim on the near side (car coordinates, y up). */
function sideDetails(ctx: DrawContext): string {
  const d = ctx.design.dims;
  const paint = ctx.palette.paint;
  const parts: string[] = [];
  const line = (x0: number, y0: number, x1: number, y1: number, color: string, width: number, opacity = 1) =>
    `<line x1="${fmt(x0)}" y1="${fmt(y0)}" x2="${fmt(x1)}" y2="${fmt(y1)}" stroke="${color}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round"/>`;
  // A crease catching the light, and the darker sill.
  parts.push(line(26, d.belt - 16, d.length - 24, d.beltRear - 18, shade(paint, 0.45), 2.2, 0.55));
  parts.push(
    `<rect x="${fmt(d.frontAxle)}" y="${fmt(d.clearance)}" width="${fmt(d.rearAxle - d.frontAxle)}" height="${ctx.design.cladding ? 16 : 7}" fill="${ctx.design.cladding ? '#24282e' : shade(paint, -0.35)}"/>`,
  );
  const arch = (x: number) =>
    `<circle cx="${fmt(x)}" cy="${fmt(d.wheel)}" r="${fmt(d.wheel + (ctx.design.cladding ? 9 : 5))}" fill="${ctx.design.cladding ? '#24282e' : '#0b0c0e'}"/><circle cx="${fmt(x)}" cy="${fmt(d.wheel)}" r="${fmt(d.wheel + 3)}" fill="#0b0c0e"/>`;
  parts.push(arch(d.frontAxle), arch(d.rearAxle));
  // Doors.
  const doorTop = d.belt - 1;
  const doorBottom = d.clearance + (ctx.design.cladding ? 17 : 9);
  const frontEdge = d.frontAxle + d.wheel + 12;
  const rearEnd = ctx.design.body === 'pickup' ? d.roofRearX + 4 : Math.min(d.rearAxle - d.wheel - 6, d.rearGlassX - 8);
  const bPillar = ctx.design.doors === 4 ? (frontEdge + rearEnd) / 2 : rearEnd;
  const cut = shade(paint, -0.45);
  parts.push(line(frontEdge + 4, doorTop, frontEdge, doorBottom, cut, 1.4));
  parts.push(line(bPillar + 2, doorTop, bPillar, doorBottom, cut, 1.4));
  if (ctx.design.doors === 4) parts.push(line(rearEnd + 2, doorTop, rearEnd - 4, doorBottom + 6, cut, 1.4));
  if (ctx.design.body === 'van') parts.push(line(bPillar + 6, doorTop - 4, rearEnd, doorTop - 4, cut, 1.4));
  for (const x of ctx.design.doors === 4 ? [bPillar - 26, rearEnd - 26] : [bPillar - 30]) {
    parts.push(
      `<rect x="${fmt(x)}" y="${fmt(doorTop - 14)}" width="16" height="3.4" rx="1.7" fill="${shade(paint, -0.4)}" stroke="${shade(paint, 0.35)}" stroke-width="0.6"/>`,
    );
  }
  // Headlight seen from the side and the wrap-around tail light.
  const slope = (d.belt - d.nose) / (d.windshieldX - 16);
  parts.push(
    `<polygon points="${points([
      [2, d.nose - 10],
      [16, d.nose - 1.5],
      [50, d.nose - 1.5 + slope * 34],
      [44, d.nose - 10 + slope * 28],
      [4, d.nose - 16],
    ])}" fill="#d9e1ea" stroke="#3a4048" stroke-width="1.1"/>`,
  );
  const tailTop = ctx.design.body === 'pickup' ? d.beltRear - 6 : d.rearGlassX < d.length - 30 ? d.deck - 3 : d.beltRear - 4;
  parts.push(
    `<polygon points="${points([
      [d.length - 26, tailTop - 2],
      [d.length - 1, tailTop - 1],
      [d.length, tailTop - 14],
      [d.length - 22, tailTop - 12],
    ])}" fill="#c81e1e" stroke="#5b0f0f" stroke-width="1"/>`,
  );
  return parts.join('');
}

/** Side windows with black trim and pillars on the cabin's near face (car coordinates, y up). */
function sideWindows(ctx: DrawContext, cabin: Vec2[]): string {
  const d = ctx.design.dims;
  const trim = insetPolygon(cabin, 2.8);
  const glass = insetPolygon(cabin, 5);
  const parts = [
    `<polygon points="${points(trim)}" fill="${TRIM}"/>`,
    `<polygon points="${points(glass)}" fill="url(#${ctx.ids}glassSide)"/>`,
  ];
  const pillar = (x: number, lean: number, width: number) =>
    `<polygon points="${points([
      [x - width / 2, d.belt],
      [x + width / 2, d.belt],
      [x + width / 2 - lean, d.height],
      [x - width / 2 - lean, d.height],
    ])}" fill="${TRIM}"/>`;
  const span = d.roofRearX - d.roofFrontX;
  if (ctx.design.softTop) {
    const mid = (d.roofFrontX + d.roofRearX) / 2;
    parts.push(
      `<polygon points="${points([
        [mid, d.belt],
        [d.rearGlassX, d.beltRear],
        [d.roofRearX, d.height],
        [mid - 6, d.height],
      ])}" fill="${ctx.palette.fabric}"/>`,
    );
  } else if (ctx.design.doors === 2) {
    parts.push(pillar(d.roofRearX - span * 0.05, -6, 6));
  } else {
    parts.push(pillar(d.roofFrontX + span * (ctx.design.body === 'van' ? 0.22 : 0.42), 3, 8));
    if (['suv', 'wagon', 'van'].includes(ctx.design.body)) parts.push(pillar(d.roofRearX - span * 0.18, -4, 10));
  }
  return parts.join('');
}

function mirror(ctx: DrawContext): string {
  const d = ctx.design.dims;
  const x = d.windshieldX + 6;
  const y = d.belt + 2;
  return onPlane(
    ctx,
    [0, 0, -9],
    [1, 0, 0],
    [0, 1, 0],
    `<polygon points="${points([
      [x, y],
      [x + 22, y + 1],
      [x + 21, y + 13],
      [x + 4, y + 12],
    ])}" fill="${shade(ctx.palette.paint, -0.12)}" stroke="${TRIM}" stroke-width="1.2"/>`,
  );
}

export interface ExteriorDrawing {
  /** SVG elements in car units; draw them inside a transform that fits `box`. */
  body: string;
  defs: string;
  box: { x: number; y: number; width: number; height: number };
  /** Where the tyres touch the ground, in the same units (for the shadow). */
}

/** The car seen through `cam`: shadows, far wheels, body, glasshouse, near wheels and details. */
export function drawCar(design: CarDesign, palette: Palette, view: ExteriorView, ids: string): ExteriorDrawing {
  const cam = CAMERAS[view];
  const ctx: DrawContext = { cam, design, palette, light: lightFor(cam), ids };
  const d = design.dims;
  const inset = design.body === 'pickup' ? 10 : d.width * 0.085;
  const lower = lowerProfile(d, design.body);
  const cabin = cabinProfile(d);
  const cabinPolygon = cabin.map(([p]) => p);
  const paint = palette.paint;
  const sideGradient = `url(#${ids}paint)`;
  const cabinColor = design.softTop ? palette.fabric : paint;

  const shadow = onPlane(
    ctx,
    [0, 0, 0],
    [1, 0, 0],
    [0, 0, 1],
    `<ellipse cx="${fmt(d.length / 2)}" cy="${fmt(d.width / 2)}" rx="${fmt(d.length * 0.62)}" ry="${fmt(d.width * 0.85)}" fill="url(#${ids}shadow)"/><rect x="6" y="-4" width="${fmt(d.length - 12)}" height="${fmt(d.width + 8)}" rx="30" fill="#000" opacity="0.35"/>`,
  );
  const farWheels = wheel(ctx, d.frontAxle, d.width - 6, false) + wheel(ctx, d.rearAxle, d.width - 6, false);
  const body = prism(
    ctx,
    lower,
    0,
    d.width,
    paint,
    (path) => `<path d="${path}" fill="${sideGradient}" stroke="${shade(paint, -0.5)}" stroke-width="0.8"/>`,
  );
  const side = onPlane(ctx, [0, 0, 0], [1, 0, 0], [0, 1, 0], sideDetails(ctx));
  const nearWheels = wheel(ctx, d.frontAxle, 0, true) + wheel(ctx, d.rearAxle, 0, true);
  const glasshouse = prism(
    ctx,
    cabin,
    inset,
    d.width - inset,
    cabinColor,
    (path) => `<path d="${path}" fill="${design.softTop ? palette.fabric : sideGradient}"/>`,
  );
  const windows = onPlane(ctx, [0, 0, inset], [1, 0, 0], [0, 1, 0], sideWindows(ctx, cabinPolygon));

  const corners: Vec3[] = [];
  for (const z of [0, d.width]) for (const [p] of [...lower, ...cabin]) corners.push([p[0], p[1], z]);
  for (const x of [0, d.length]) for (const z of [-10, d.width + 10]) corners.push([x, 0, z]);
  const projected = corners.map((c) => project(cam, c));
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const box = {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };

  const defs = `
    <linearGradient id="${ids}paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(paint, 0.38)}"/><stop offset="0.4" stop-color="${shade(paint, 0.06)}"/>
      <stop offset="0.47" stop-color="${shade(paint, -0.14)}"/><stop offset="1" stop-color="${shade(paint, -0.42)}"/>
    </linearGradient>
    <linearGradient id="${ids}glassSide" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#4a5a6c"/><stop offset="0.5" stop-color="#1d2733"/><stop offset="1" stop-color="#0d131a"/>
    </linearGradient>
    <linearGradient id="${ids}glassWide" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f161e"/><stop offset="0.55" stop-color="#243140"/><stop offset="0.62" stop-color="#6b7d90"/><stop offset="0.7" stop-color="#243140"/><stop offset="1" stop-color="#101820"/>
    </linearGradient>
    <radialGradient id="${ids}rim"><stop offset="0" stop-color="#eef1f4"/><stop offset="0.8" stop-color="#aab1ba"/><stop offset="1" stop-color="#6b7280"/></radialGradient>
    <radialGradient id="${ids}shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.6" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  return { body: shadow + farWheels + body + side + nearWheels + glasshouse + windows + mirror(ctx), defs, box };
}
