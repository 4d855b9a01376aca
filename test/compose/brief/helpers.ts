/** A price as a brief holds it: the text found, the amount as a decimal string, the ISO currency and the unit. */
export const price = (text: string, amount: string, currency: string | null, per: string | null = null) => ({ text, amount, currency, per });
