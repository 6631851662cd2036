import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const LAYOUTS = {
  /** The segments share a phone's width and shrink to their labels from 640 px up. */
  fill: { list: 'flex sm:inline-flex', trigger: 'flex-1 px-1 sm:flex-none sm:px-4' },
  /** Three equal columns at every width. */
  thirds: { list: 'grid grid-cols-3', trigger: 'px-2' },
} as const;

interface SegmentedTabsProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onValueChange(value: NoInfer<V>): void;
  layout?: keyof typeof LAYOUTS;
  /** The bar's margin. */
  className?: string;
  /** The panel of one option; every option has its own. */
  children(value: NoInfer<V>): ReactNode;
}

/** Tabs drawn as a segmented control: a grey bar whose chosen segment is a white pill. */
export function SegmentedTabs<V extends string>({
  label,
  options,
  value,
  onValueChange,
  layout = 'fill',
  className,
  children,
}: SegmentedTabsProps<V>) {
  const { list, trigger } = LAYOUTS[layout];
  return (
    <Tabs.Root value={value} onValueChange={(next) => onValueChange(next as V)}>
      <Tabs.List aria-label={label} className={cn(className, list, 'rounded-lg bg-slate-100 p-1')}>
        {options.map((option) => (
          <Tabs.Trigger
            key={option.value}
            value={option.value}
            className={cn(
              trigger,
              'rounded-md py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
            )}
          >
            {option.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {options.map((option) => (
        <Tabs.Content key={option.value} value={option.value} tabIndex={-1} className="focus-visible:outline-none">
          {children(option.value)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
