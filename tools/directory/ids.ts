/** The directory outcome's id prefixes. */
export const directoryIds = { directory: 'dir', listing: 'lst', submission: 'dsb', payment: 'dfp' } as const;
