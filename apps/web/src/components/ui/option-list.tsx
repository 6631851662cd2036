/** A select's options: a first blank choice (a prompt, or 'All …' in a filter), then the values. */
export function OptionList<T extends string>({
  blank,
  values,
  label = (value) => value,
}: {
  blank: string;
  values: readonly T[];
  label?: (value: T) => string;
}) {
  return (
    <>
      <option value="">{blank}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
