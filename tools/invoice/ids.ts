/** The invoice outcome's id prefixes. */
export const invoiceIds = { draft: 'drf', invoice: 'inv', creditNote: 'crn' } as const;
