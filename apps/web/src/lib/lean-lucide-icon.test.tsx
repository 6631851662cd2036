import { render } from '@testing-library/react';
import { Icon, LucideProvider, type LucideIcon, type LucideIconData, type LucideProps } from 'lucide-react';
import * as alarmClockCheck from 'lucide-react/icons/alarm-clock-check';
import * as car from 'lucide-react/icons/car';
import * as gauge from 'lucide-react/icons/gauge';
import * as x from 'lucide-react/icons/x';
import { createRef, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon from './lean-lucide-icon';

/** An icon module as lucide ships it: the component (made by lean-lucide-icon.ts, vite.config.ts) and its data. */
type IconModule = { default: LucideIcon; __iconData: LucideIconData };
/** What forwardRef (Preact's compat) keeps of the function it wraps. */
const renderOf = (component: unknown) => String((component as { render: unknown }).render);
const icons = [car, gauge, x, alarmClockCheck] as unknown as IconModule[];

const cases: [string, LucideProps][] = [
  ['no props', {}],
  ['a class list', { className: 'size-4 shrink-0 text-slate-500' }],
  ['a class list repeating itself and lucide', { className: ' lucide  size-4 size-4 ' }],
  ['aria-hidden of its own', { 'aria-hidden': true, className: 'size-5' }],
  ['a label and a role', { 'aria-label': 'Close', role: 'img' }],
  ['an attribute lucide sets', { fill: 'currentColor', className: 'size-3' }],
  ['a size', { size: 16 }],
  ['a stroke width', { strokeWidth: 1.5, className: 'size-4' }],
  ['a colour', { color: 'red' }],
  ['an absolute stroke width', { absoluteStrokeWidth: true, size: 32 }],
  ['a non-scaling stroke', { nonScalingStroke: true }],
];

describe('lean lucide icons: the same markup as lucide-react', () => {
  for (const module of icons) {
    const name = module.__iconData.name;
    it(`${name}: the icon module's component is made here, not by lucide`, () => {
      expect(renderOf(module.default)).toBe(renderOf(createLucideIcon(module.__iconData)));
    });

    it.each(cases)(`${name}: %s`, (_, props) => {
      const Lean = module.default;
      expect(renderToString(<Lean {...props} />)).toBe(renderToString(<Icon icon={module.__iconData} {...props} />));
    });

    it(`${name}: with children`, () => {
      const Lean = module.default;
      expect(renderToString(<Lean className="size-4">{<title>Speed</title>}</Lean>)).toBe(
        renderToString(
          <Icon icon={module.__iconData} className="size-4">
            <title>Speed</title>
          </Icon>,
        ),
      );
    });

    it(`${name}: inside a LucideProvider`, () => {
      const Lean = module.default;
      const provided = (icon: ReactNode) => (
        <LucideProvider size={18} className="text-brand-700">
          {icon}
        </LucideProvider>
      );
      const lean = renderToString(provided(<Lean className="shrink-0" />));
      expect(lean).toBe(renderToString(provided(<Icon icon={module.__iconData} className="shrink-0" />)));
      expect(lean).toContain('width="18"');
    });
  }

  it('names the icon and its aliases in its classes, hides it unless labelled, and forwards its ref', () => {
    const AlarmClockCheck = (alarmClockCheck as unknown as IconModule).default;
    const markup = renderToString(<AlarmClockCheck className="size-4" />);
    expect(markup).toContain('class="lucide lucide-alarm-clock-check lucide-alarm-check size-4"');
    expect(markup).toContain('aria-hidden="true"');
    expect(renderToString(<AlarmClockCheck aria-label="Due" />)).not.toContain('aria-hidden');
    const ref = createRef<SVGSVGElement>();
    const Car = (car as unknown as IconModule).default;
    render(<Car ref={ref} className="size-4" />);
    expect(ref.current?.tagName).toBe('svg');
    expect(ref.current?.getAttribute('class')).toBe('lucide lucide-car size-4');
  });
});
