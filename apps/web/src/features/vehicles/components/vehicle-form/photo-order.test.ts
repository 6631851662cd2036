import { describe, expect, it } from 'vitest';
import { buildVehicleFormData } from '../../api/vehicle-form-data';
import { image } from '@/testing/factories';
import { moveAnnouncement, movePhoto, photoSubmission, type PhotoItem } from './photo-order';

const kept = (key: string): PhotoItem => ({ id: key, kind: 'existing', image: image(key) });
const added = (name: string): PhotoItem => ({
  id: `new-${name}`,
  kind: 'new',
  file: new File([new Uint8Array(8)], name, { type: 'image/png' }),
  previewUrl: `blob:${name}`,
});
const ids = (list: readonly PhotoItem[]) => list.map((p) => p.id);

describe('movePhoto', () => {
  const list = ['a', 'b', 'c', 'd'];
  it('moves left, right and to the front (the cover)', () => {
    expect(movePhoto(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(movePhoto(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(movePhoto(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('moves across several places, as a drop does', () => {
    expect(movePhoto(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(movePhoto(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('clamps past the ends, ignores an unknown index and never changes its input', () => {
    expect(movePhoto(list, 0, -1)).toEqual(list);
    expect(movePhoto(list, 3, 9)).toEqual(list);
    expect(movePhoto(list, 7, 0)).toEqual(list);
    expect(movePhoto(list, 1, 1)).not.toBe(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('moveAnnouncement', () => {
  it('numbers photos from 1, as on screen', () => {
    expect(moveAnnouncement(2, 1)).toBe('Photo 3 moved to position 2');
  });
});

describe('photoSubmission', () => {
  it('sends new files in display order and no order field on create', () => {
    const items = movePhoto([added('one'), added('two'), added('three')], 2, 0);
    const sent = photoSubmission(items);
    expect(sent.newFiles.map((f) => f.name)).toEqual(['three', 'one', 'two']);
    expect(sent.existingImageKeys).toEqual([]);
    expect(sent.photoOrder).toBeUndefined();
  });

  it('sends kept photos in their new order; no order field while new files follow them', () => {
    const sent = photoSubmission([kept('k2'), kept('k1'), added('x')]);
    expect(sent.existingImageKeys).toEqual(['k2', 'k1']);
    expect(sent.newFiles.map((f) => f.name)).toEqual(['x']);
    expect(sent.photoOrder).toBeUndefined();
  });

  it('sends the full order when a new file goes before a kept photo', () => {
    const items = [added('x'), kept('k2'), added('y'), kept('k1')];
    const sent = photoSubmission(items);
    expect(sent.existingImageKeys).toEqual(['k2', 'k1']);
    expect(sent.newFiles.map((f) => f.name)).toEqual(['x', 'y']);
    expect(sent.photoOrder).toEqual(['new:0', 'k2', 'new:1', 'k1']);
    expect(ids(items)).toEqual(['new-x', 'k2', 'new-y', 'k1']);
  });
});

describe('the multipart body of an edit with a new order', () => {
  it('carries kept keys, the files and photoOrder[i] entries', () => {
    const sent = photoSubmission([added('x'), kept('k2'), kept('k1')]);
    const fd = buildVehicleFormData('edit', { values: {} as never, ...sent, changedFields: [] });
    const entries = [...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]);
    expect(entries).toEqual([
      ['existingImages[0][key]', 'k2'],
      ['existingImages[1][key]', 'k1'],
      ['photoOrder[0]', 'new:0'],
      ['photoOrder[1]', 'k2'],
      ['photoOrder[2]', 'k1'],
      ['images', 'x'],
    ]);
  });
});
