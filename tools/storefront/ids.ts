/** The storefront outcome's id prefixes. */
export const storefrontIds = { storefront: 'sf', order: 'ord' } as const;
