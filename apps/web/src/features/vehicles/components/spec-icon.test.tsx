import { render } from '@testing-library/react';
import { Calendar, Fuel, Gauge, MapPin, Settings2, type LucideIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { SPEC_ICONS, SpecIcon, type SpecIconName } from './spec-icon';

const LUCIDE: Record<SpecIconName, LucideIcon> = { calendar: Calendar, gauge: Gauge, fuel: Fuel, 'settings-2': Settings2, 'map-pin': MapPin };
const STROKE = ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'];

describe('SpecIcon', () => {
  it.each(Object.keys(SPEC_ICONS) as SpecIconName[])('draws %s as lucide-react does: its shapes, stroke and box', (name) => {
    const Lucide = LUCIDE[name];
    const lucide = render(<Lucide className="size-4" aria-hidden />).container.querySelector('svg')!;
    const ours = render(<SpecIcon name={name} className="size-4 text-slate-400" />).container.querySelector('svg')!;
    const group = ours.querySelector('g')!;
    expect(group.innerHTML).toBe(lucide.innerHTML);
    expect(lucide.innerHTML).toMatch(/<(path|circle|rect) /);
    for (const attribute of STROKE) expect(group.getAttribute(attribute), attribute).toBe(lucide.getAttribute(attribute));
    expect(ours.getAttribute('viewBox')).toBe(lucide.getAttribute('viewBox'));
    expect(ours.getAttribute('aria-hidden')).toBe('true');
    expect(ours.getAttribute('class')).toBe('size-4 text-slate-400');
  });
});
