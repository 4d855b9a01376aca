/** The outreach outcome's id prefixes. */
export const outreachIds = { campaign: 'out', lead: 'ld' } as const;
