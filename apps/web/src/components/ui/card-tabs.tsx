import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const trigger = cn(
  '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900',
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
);

export interface CardTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** The panel's padding; a panel that draws its own frame (a table) passes `p-0`. */
  className?: string;
}

/** A card whose body is split into tabs, the first one open; a detail screen's secondary facts. */
export function CardTabs({ label, tabs }: { label: string; tabs: readonly CardTab[] }) {
  return (
    <Tabs.Root defaultValue={tabs[0]?.value} className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
      <Tabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 px-3">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={trigger}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className={tab.className ?? 'p-4 sm:p-5'}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
