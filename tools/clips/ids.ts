/** The clips outcome's id prefixes. */
export const clipIds = { plan: 'clp' } as const;
