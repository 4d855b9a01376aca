/** At most `max` characters of the caller's text (whole code points), with "…" where it was cut. */
export function excerpt(text: string, max = 80): string {
  const points = Array.from(text.length > max * 2 ? text.slice(0, max * 2) : text);
  return points.length > max ? `${points.slice(0, max).join('')}…` : text;
}

/** The caller's text as an error message shows it: in quotes, cut so that a message never echoes megabytes of input. */
export const quote = (text: string, max = 80): string => `"${excerpt(text, max)}"`;
