/** Escapes LIKE wildcards so user text matches only itself in an `$ilike` comparison. */
export function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
