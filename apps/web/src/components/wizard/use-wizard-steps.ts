import { useCallback, useRef, useState, type FormEvent } from 'react';

/** One step of a wizard: the form fields (paths such as `vehicle.make`) checked before leaving it. */
export interface WizardStepFields {
  readonly fields: readonly string[];
}

/** A field lies at a path when the path names it or an object holding it (`vehicle` holds `vehicle.make`). */
const liesAt = (field: string, path: string) => field === path || field.startsWith(`${path}.`);

/** The first of the fields lying at the path (`vehicle` gives `vehicle.make`). */
export function fieldAt<Field extends string>(fields: readonly Field[], path: string): Field | undefined {
  return fields.find((field) => liesAt(field, path));
}

/** Index of the first step holding a field at one of the paths (`-1` when none does). */
export function stepHolding(steps: readonly WizardStepFields[], paths: readonly string[]): number {
  return steps.findIndex((step) => step.fields.some((field) => paths.some((path) => liesAt(field, path))));
}

interface WizardStepsOptions<Step extends WizardStepFields> {
  steps: readonly Step[];
  /** Checks these fields of the form (react-hook-form's `trigger`); resolves true when they pass. */
  validate(fields: Step['fields'][number][]): Promise<boolean>;
  /** The step shown first (0-based). */
  initialStep?: number;
}

/**
 * Step state of a multi-step form: which step shows, how far the steps have been checked, and
 * Back/Next. Moving on checks the fields of every step passed over; a shown step starts at the top
 * of the page, and its heading takes the focus when it carries `headingRef`.
 */
export function useWizardSteps<Step extends WizardStepFields>({ steps, validate, initialStep = 0 }: WizardStepsOptions<Step>) {
  const [step, setStep] = useState(initialStep);
  /** How many steps from the first have passed their checks. */
  const [done, setDone] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const last = steps.length - 1;

  /** Shows a step; `scroll: false` leaves the page where it is (a tab picked, or fields to put right in view). */
  const show = useCallback((index: number, { scroll = true }: { scroll?: boolean } = {}) => {
    setStep(index);
    if (scroll) window.scrollTo({ top: 0, behavior: 'auto' });
    requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: true }));
  }, []);

  /** Goes to a step; forward, only as far as the steps in between pass their checks. */
  async function goTo(target: number) {
    if (target <= step) return show(target);
    for (let index = step; index < target; index += 1) {
      const fields = [...steps[index]!.fields];
      const valid = fields.length === 0 || (await validate(fields));
      if (!valid) {
        if (index !== step) show(index);
        return;
      }
      setDone((d) => Math.max(d, index + 1));
    }
    show(target);
  }

  return {
    step,
    current: steps[step]!,
    done,
    isFirst: step === 0,
    isLast: step === last,
    headingRef,
    show,
    goTo,
    next: () => goTo(step + 1),
    back: () => show(step - 1),
    /** Back to the first step, nothing checked (after a successful submit). */
    restart: () => {
      setStep(0);
      setDone(0);
    },
    /** The first step holding a field at one of the paths, or the last step when none does. */
    stepWith: (paths: readonly string[]) => {
      const index = stepHolding(steps, paths);
      return index === -1 ? last : index;
    },
    /** The form's submit: Enter or the primary button moves on like Next until the last step, which submits. */
    onSubmit: (submit: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (step < last) void goTo(step + 1);
      else submit(event);
    },
  };
}
