/** The content outcome's id prefixes. */
export const contentIds = { pack: 'cnt' } as const;
