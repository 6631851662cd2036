/** The unique index a failed insert or update ran into, from a node-postgres or PGlite error. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let current = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, depth = 0; current && depth < 4; depth += 1) {
    if (current.code === '23505') return current.constraint ?? current.message ?? '';
    current = current.cause as typeof current;
  }
  return null;
}
