import type { CarDesign } from './designs';
import { drawCar, type ExteriorView } from './exterior';
import { fmt } from './geometry';
import { drawInterior, type CabinStyle } from './interior';
import { backdrop, type SceneName } from './scenes';

export type PhotoView = ExteriorView | 'interior';

/** The angles a listing shows, in gallery order. */
export const PHOTO_VIEWS: readonly PhotoView[] = ['front', 'side', 'rear', 'interior'];

export interface PhotoSubject {
  design: CarDesign;
  paint: string;
  cabin: CabinStyle;
  scene: SceneName;
}

/** One demo photo as an SVG document (rendered offline: no downloads, no stock photos). */
export function vehiclePhotoSvg(subject: PhotoSubject, view: PhotoView, width: number, height: number): string {
  const ids = `p${view[0]}`;
  const scene = backdrop(view === 'interior' ? 'forecourt' : subject.scene, width, height, ids);
  let defs = scene.defs;
  let body = scene.body;
  if (view === 'interior') {
    const cabin = drawInterior(subject.cabin, width, height, ids);
    defs += cabin.defs;
    body += cabin.body;
  } else {
    const car = drawCar(subject.design, { paint: subject.paint, fabric: '#1f2125' }, view, ids);
    // Fit the car to the frame, standing on the lower part of the floor.
    const scale = Math.min((width * 0.86) / car.box.width, (height * 0.7) / car.box.height);
    const tx = width / 2 - (car.box.x + car.box.width / 2) * scale;
    const ty = height * 0.93 - (car.box.y + car.box.height) * scale;
    defs += car.defs;
    body += `<g transform="translate(${fmt(tx)} ${fmt(ty)}) scale(${scale.toFixed(4)})">${car.body}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}
