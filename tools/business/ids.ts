/** The business-in-a-box outcome's id prefixes. */
export const businessIds = { business: 'bx' } as const;
