/** The widgets outcome's id prefixes. */
export const widgetIds = { widget: 'wgt', submission: 'sub' } as const;
