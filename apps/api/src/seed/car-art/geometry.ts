// A tiny orthographic camera for the demo drawings: cars are side profiles extruded across their
// width, seen from a yaw and a slight pitch, so one set of shapes gives every angle.

export type Vec2 = readonly [number, number];
export type Vec3 = readonly [number, number, number];

/** x runs from the front bumper to the rear, y up from the ground, z across from the near side. */
export interface Camera {
  /** Positive shows the front, negative the rear, 0 a pure side view (radians). */
  yaw: number;
  /** How far the camera looks down (radians). */
  pitch: number;
}

export interface Projected {
  x: number;
  y: number;
  /** Larger is further from the camera. */
  depth: number;
}

export function project(cam: Camera, [x, y, z]: Vec3): Projected {
  const across = x * Math.cos(cam.yaw) - z * Math.sin(cam.yaw);
  const away = x * Math.sin(cam.yaw) + z * Math.cos(cam.yaw);
  return {
    x: across,
    y: -(y * Math.cos(cam.pitch) + away * Math.sin(cam.pitch)),
    depth: away * Math.cos(cam.pitch) - y * Math.sin(cam.pitch),
  };
}

/** True when a surface with this outward normal faces the camera. */
export function facesCamera(cam: Camera, normal: Vec3): boolean {
  return project(cam, normal).depth < -1e-6;
}

/**
 * SVG matrix drawing local (u, v) coordinates on the plane through `origin` spanned by `u` and `v`
 * (unit vectors in car space): details such as lights and wheels are drawn flat, then placed.
 */
export function planeMatrix(cam: Camera, origin: Vec3, u: Vec3, v: Vec3): string {
  const o = project(cam, origin);
  const pu = project(cam, u);
  const pv = project(cam, v);
  const n = (value: number) => Number(value.toFixed(4));
  return `matrix(${n(pu.x)} ${n(pu.y)} ${n(pv.x)} ${n(pv.y)} ${n(o.x)} ${n(o.y)})`;
}

export const fmt = (value: number) => Number(value.toFixed(1));

export function points(list: readonly Projected[] | readonly Vec2[]): string {
  return list.map((p) => ('x' in p ? `${fmt(p.x)},${fmt(p.y)}` : `${fmt(p[0])},${fmt(p[1])}`)).join(' ');
}

/** A closed path through the points with corners rounded by up to `radius` (a softer body line). */
export function roundedPath(list: readonly { x: number; y: number }[], radius: number): string {
  const n = list.length;
  let d = '';
  for (let i = 0; i < n; i += 1) {
    const prev = list[(i + n - 1) % n]!;
    const cur = list[i]!;
    const next = list[(i + 1) % n]!;
    const toward = (a: { x: number; y: number }) => {
      const len = Math.hypot(a.x - cur.x, a.y - cur.y) || 1;
      const r = Math.min(radius, len * 0.35);
      return { x: cur.x + ((a.x - cur.x) / len) * r, y: cur.y + ((a.y - cur.y) / len) * r };
    };
    const a = toward(prev);
    const b = toward(next);
    d += `${i === 0 ? 'M' : 'L'}${fmt(a.x)} ${fmt(a.y)}Q${fmt(cur.x)} ${fmt(cur.y)} ${fmt(b.x)} ${fmt(b.y)}`;
  }
  return `${d}Z`;
}

/** The convex polygon moved inwards by `by` on every edge (window glass inside its frame). */
export function insetPolygon(polygon: readonly Vec2[], by: number): Vec2[] {
  const n = polygon.length;
  const area = polygon.reduce((sum, p, i) => {
    const q = polygon[(i + 1) % n]!;
    return sum + p[0] * q[1] - q[0] * p[1];
  }, 0);
  const sign = area > 0 ? 1 : -1;
  const lines = polygon.map((p, i) => {
    const q = polygon[(i + 1) % n]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    // Inward normal of a counter-clockwise polygon is (-dy, dx).
    const nx = (-(q[1] - p[1]) / len) * sign;
    const ny = ((q[0] - p[0]) / len) * sign;
    return { p: [p[0] + nx * by, p[1] + ny * by] as Vec2, d: [q[0] - p[0], q[1] - p[1]] as Vec2 };
  });
  return lines.map((line, i) => {
    const prev = lines[(i + n - 1) % n]!;
    const cross = prev.d[0] * line.d[1] - prev.d[1] * line.d[0];
    if (Math.abs(cross) < 1e-9) return line.p;
    const t = ((line.p[0] - prev.p[0]) * line.d[1] - (line.p[1] - prev.p[1]) * line.d[0]) / cross;
    return [prev.p[0] + prev.d[0] * t, prev.p[1] + prev.d[1] * t] as Vec2;
  });
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount >= 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * a)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}
