import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface FilterTabsProps {
  label: string;
  tabs: readonly { value: string; label: string }[];
  value: string;
  onValueChange(value: string): void;
  children: ReactNode;
}

/** Tabs that filter one list: the list is the panel of whichever tab is selected. */
export function FilterTabs({ label, tabs, value, onValueChange, children }: FilterTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} activationMode="manual">
      {/* Tabs wrap onto a second line on a phone rather than hide the last ones off-screen. */}
      <Tabs.List aria-label={label} className="-mx-1 mb-4 flex flex-wrap gap-x-1 border-b border-slate-200 px-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
              'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={value} className="focus-visible:outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
