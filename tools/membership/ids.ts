/** The membership outcome's id prefixes. */
export const membershipIds = { membership: 'mem', member: 'mbr' } as const;
