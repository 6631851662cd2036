import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { LISTING_STEPS, type VehicleFormValues } from './form-values';

/** The numbered tabs above the steps: red when a step holds a message, filled for the current one. */
export function ListingStepTabs({ step }: { step: number }) {
  const { errors } = useFormState<VehicleFormValues>();
  return (
    <Tabs.List aria-label="Listing steps" className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1">
      {LISTING_STEPS.map((s, index) => {
        const hasError = s.fields.some((f) => errors[f]);
        return (
          <Tabs.Trigger
            key={s.tab}
            value={String(index + 1)}
            className={cn(
              'flex min-h-12 flex-col items-center justify-center gap-1 rounded-md px-1 py-2 text-xs font-medium text-slate-600 sm:flex-row sm:gap-2 sm:text-sm',
              'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                hasError
                  ? 'bg-red-600 text-white'
                  : index === step
                    ? 'bg-brand-700 text-white'
                    : index < step
                      ? 'bg-brand-100 text-brand-800'
                      : 'bg-slate-300 text-slate-700',
              )}
            >
              {index + 1}
            </span>
            <span className="text-center leading-tight">
              <span className="sr-only">Step {index + 1}: </span>
              {s.tab}
            </span>
          </Tabs.Trigger>
        );
      })}
    </Tabs.List>
  );
}

/** One step's panel: 'Step n of 4' over the step's heading, then its fields. */
export function ListingStep({ index, children }: { index: number; children: ReactNode }) {
  return (
    <Tabs.Content value={String(index + 1)} className="grid gap-5 focus-visible:outline-none">
      <div>
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          Step {index + 1} of {LISTING_STEPS.length}
        </p>
        <h2 className="text-xl font-semibold text-slate-900">{LISTING_STEPS[index]!.heading}</h2>
      </div>
      {children}
    </Tabs.Content>
  );
}
