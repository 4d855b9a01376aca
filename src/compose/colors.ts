/** Colour names a brief or an instruction may use; a module of its own so that reading them needs no NLP. */

/** Colour names → hex. CSS values where CSS has the name; the usual swatch otherwise. */
// prettier-ignore
export const COLOR_HEX: Record<string, string> = {
  black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', yellow: '#ffff00',
  orange: '#ffa500', purple: '#800080', pink: '#ffc0cb', brown: '#a52a2a', gray: '#808080', grey: '#808080',
  gold: '#ffd700', silver: '#c0c0c0', navy: '#000080', 'navy blue': '#000080', teal: '#008080', coral: '#ff7f50',
  cream: '#fffdd0', ivory: '#fffff0', beige: '#f5f5dc', tan: '#d2b48c', khaki: '#f0e68c', sand: '#c2b280',
  taupe: '#483c32', 'off-white': '#faf9f6', 'off white': '#faf9f6', charcoal: '#36454f', 'charcoal grey': '#36454f',
  'charcoal gray': '#36454f', slate: '#708090', 'slate grey': '#708090', 'slate gray': '#708090',
  'light grey': '#d3d3d3', 'light gray': '#d3d3d3', 'dark grey': '#4a4a4a', 'dark gray': '#4a4a4a',
  maroon: '#800000', burgundy: '#800020', wine: '#722f37', crimson: '#dc143c', scarlet: '#ff2400',
  'dark red': '#8b0000', ruby: '#e0115f', 'hot pink': '#ff69b4', 'pastel pink': '#ffd1dc', blush: '#de5d83',
  rose: '#ff007f', 'dusty rose': '#dcae96', 'rose gold': '#b76e79', peach: '#ffe5b4', salmon: '#fa8072',
  'burnt orange': '#cc5500', terracotta: '#e2725b', rust: '#b7410e', copper: '#b87333', bronze: '#cd7f32',
  mustard: '#ffdb58', amber: '#ffbf00', ochre: '#cc7722', 'golden yellow': '#ffdf00', 'lemon yellow': '#fff44f',
  lime: '#00ff00', 'lime green': '#32cd32', chartreuse: '#7fff00', olive: '#808000', 'olive green': '#556b2f',
  sage: '#9caf88', 'sage green': '#9caf88', mint: '#98ff98', 'mint green': '#98ff98', 'dark green': '#006400',
  'light green': '#90ee90', 'forest green': '#228b22', 'hunter green': '#355e3b', emerald: '#50c878',
  'emerald green': '#50c878', jade: '#00a86b', 'pastel green': '#77dd77', 'neon green': '#39ff14',
  seafoam: '#93e9be', turquoise: '#40e0d0', aqua: '#00ffff', cyan: '#00ffff', 'sky blue': '#87ceeb',
  'baby blue': '#89cff0', 'light blue': '#add8e6', 'powder blue': '#b0e0e6', 'pastel blue': '#aec6cf',
  'royal blue': '#4169e1', 'steel blue': '#4682b4', 'dark blue': '#00008b', 'midnight blue': '#191970',
  'electric blue': '#7df9ff', cobalt: '#0047ab', 'cobalt blue': '#0047ab', cerulean: '#007ba7',
  sapphire: '#0f52ba', periwinkle: '#ccccff', indigo: '#4b0082', violet: '#ee82ee', lavender: '#e6e6fa',
  lilac: '#c8a2c8', plum: '#dda0dd', mauve: '#e0b0ff', magenta: '#ff00ff', fuchsia: '#ff00ff',
  champagne: '#f7e7ce', mahogany: '#c04000', chocolate: '#7b3f00',
};

/** The hex of a colour name a brief knows ("sage green" → #9caf88), case-insensitive. */
export const namedColorHex = (name: string): string | undefined => COLOR_HEX[name.trim().toLowerCase().replace(/\s+/g, ' ')];
