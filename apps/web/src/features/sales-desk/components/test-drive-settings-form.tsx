import { useEffect, useState } from 'react';
import { TEST_DRIVE_WEEKDAYS, type TestDriveSettingsInput } from '@dealer/shared';
import { toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useUpdateTestDriveSettings } from '../api/admin';
import { useTestDriveSettings } from '../api/test-drives';
import { useRequestErrors } from '../lib/use-request-errors';
import { FormError } from './form-error';

/** The sales calendar's opening days, hours and demonstrators per slot (ADMIN). */
export function TestDriveSettingsForm() {
  const settings = useTestDriveSettings();
  const save = useUpdateTestDriveSettings();
  const [values, setValues] = useState<TestDriveSettingsInput | null>(null);
  const { errors, attempt } = useRequestErrors('Failed to save the settings');
  useEffect(() => {
    if (settings.data && !values)
      setValues({
        openDays: settings.data.openDays,
        openHour: settings.data.openHour,
        closeHour: settings.data.closeHour,
        demonstrators: settings.data.demonstrators,
      });
  }, [settings.data, values]);
  if (!values) return null;
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    await attempt(async () => {
      await save.mutateAsync(values!);
      toastSuccess('Settings saved');
    });
  }
  const number = (key: 'openHour' | 'closeHour' | 'demonstrators', label: string, min: number, max: number) => (
    <div className="grid gap-1.5">
      <label htmlFor={`settings-${key}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={`settings-${key}`}
        type="number"
        min={min}
        max={max}
        value={values[key]}
        onChange={(e) => setValues({ ...values, [key]: Number(e.target.value) })}
      />
      {errors[key] && <p className="text-sm text-red-700">{errors[key]}</p>}
    </div>
  );
  return (
    <form
      className="grid max-w-xl gap-5 rounded-lg border border-slate-200 bg-white p-5"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Opening days</legend>
        <div className="flex flex-wrap gap-3">
          {TEST_DRIVE_WEEKDAYS.map((name, day) => (
            <label key={name} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={values.openDays.includes(day)}
                onChange={(e) =>
                  setValues({
                    ...values,
                    openDays: e.target.checked ? [...values.openDays, day] : values.openDays.filter((d) => d !== day),
                  })
                }
              />
              {name}
            </label>
          ))}
        </div>
        {errors.openDays && <p className="mt-1 text-sm text-red-700">{errors.openDays}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {number('openHour', 'Opens at (hour)', 0, 23)}
        {number('closeHour', 'Closes at (hour)', 1, 24)}
        {number('demonstrators', 'Drives per hour', 1, 20)}
      </div>
      <FormError message={errors.form} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
