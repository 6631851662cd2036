import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { REPORT_RANGE, reportQuerySchema, type ReportQuery, type ReportRange } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormSection } from '@/components/ui/form-section';
import { Input } from '@/components/ui/input';

interface ReportRangeFormProps {
  /** The days shown now ('YYYY-MM-DD'), the form's starting values. */
  from: string;
  to: string;
  /** The server's messages for the range in the address, by field. */
  serverErrors?: Record<string, string>;
  onSubmit(range: ReportRange): void;
  /** More choices beside the days (the workshop report's period), applied as soon as they change. */
  children?: ReactNode;
}

/** The report's first and last day, checked by the API's own schema before the figures are asked for. */
export function ReportRangeForm({ from, to, serverErrors, onSubmit, children }: ReportRangeFormProps) {
  const form = useForm<ReportQuery, unknown, ReportRange>({
    resolver: zodResolver(reportQuerySchema),
    defaultValues: { from, to },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  // The server's word stands until the range is changed.
  const errorOf = (field: 'from' | 'to') => errors[field]?.message ?? (isDirty ? undefined : serverErrors?.[field]);

  return (
    <FormSection
      id="report-range"
      title="Days"
      className="mb-6"
      description={
        <>
          The workshop's calendar days, both counted, at most {REPORT_RANGE.maxDays}. Left empty: the last {REPORT_RANGE.defaultDays} days.
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values))(event)}
        className="flex flex-wrap items-start gap-x-4 gap-y-1"
        aria-label="Report days"
      >
        <FormField label="From" error={errorOf('from')} className="w-full sm:w-44">
          <Input type="date" {...form.register('from')} />
        </FormField>
        <FormField label="To" error={errorOf('to')} className="w-full sm:w-44">
          <Input type="date" {...form.register('to')} />
        </FormField>
        {children}
        <Button type="submit" className="w-full sm:mt-7 sm:w-auto">
          Show figures
        </Button>
      </form>
    </FormSection>
  );
}
