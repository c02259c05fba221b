/** `text` as an ILIKE pattern that matches exactly it: its `%`, `_` and `\` match themselves. */
export function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern of the texts that contain `text`. */
export function containsPattern(text: string): string {
  return `%${literalPattern(text)}%`;
}
