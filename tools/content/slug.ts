/** A URL slug of a title: ASCII letters and digits in dashes, at most 80 characters. Light on purpose: the serving thread uses it to name files. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'post'
  );
}
