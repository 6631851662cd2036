import { or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * An id typed or pasted from a screen: the screens show the first 8, the last 8 or characters
 * 9 to 17, so a fragment of 8 or more id characters matches anywhere, a shorter one by prefix.
 */
export function idMatches(column: AnyColumn, text: string): SQL {
  const fragment = escapeLike(text.toLowerCase());
  const anywhere = text.length >= 8 && /^[0-9a-f-]+$/i.test(text);
  return sql`${column}::text like ${anywhere ? `%${fragment}%` : `${fragment}%`}`;
}

/** Case-insensitive "contains", with the input's wildcards taken literally. */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`${column} ilike ${`%${escapeLike(text)}%`}`;
}

/**
 * A record matches what an admin typed in a search box: one of its text columns contains it, or its
 * id matches the way ids are shown on screen.
 */
export function matchesTyped(text: string, columns: readonly SQLWrapper[], id: AnyColumn): SQL | undefined {
  return or(...columns.map((column) => containsText(column, text)), idMatches(id, text));
}
