/** Narrows a value read from the URL (or anywhere untyped) to one of a constant list, so an unknown value reads as none. */
export const oneOf = <T extends string>(value: string | null | undefined, options: readonly T[]): value is T =>
  (options as readonly string[]).includes(value ?? '');
