/**
 * What a storefront page prints besides the caller's words, in its language: buttons, headings
 * and the few sentences made of the caller's facts (where a product ships, how many are left).
 * A language without a set gets English, and the page says `lang="en"` (WCAG 3.1.1).
 */
export interface StoreWords {
  buy: string;
  subscribe: string;
  choose: string;
  sold_out: string;
  per: { month: string; year: string };
  policies: string;
  shipping: string;
  returns: string;
  faq: string;
  reviews: string;
  products: string;
  ships_to: (countries: string) => string;
  in_stock: (count: number) => string;
  from: (price: string) => string;
  rating: (stars: number) => string;
  checkout_unavailable: { title: string; message: string };
  sold_out_page: { title: string; message: string };
}

const en: StoreWords = {
  buy: 'Buy now',
  subscribe: 'Subscribe',
  choose: 'Choose an option',
  sold_out: 'Sold out',
  per: { month: 'per month', year: 'per year' },
  policies: 'Shipping and returns',
  shipping: 'Shipping',
  returns: 'Returns',
  faq: 'Questions and answers',
  reviews: 'Reviews',
  products: 'Products',
  ships_to: (countries) => `Ships to ${countries}`,
  in_stock: (count) => `${count} in stock`,
  from: (price) => `from ${price}`,
  rating: (stars) => `${stars} out of 5 stars`,
  checkout_unavailable: { title: 'Checkout is not available', message: 'This shop cannot take payments yet. Please try again later or contact the seller.' },
  sold_out_page: { title: 'Sold out', message: 'This product is sold out.' },
};

const de: StoreWords = {
  buy: 'Jetzt kaufen',
  subscribe: 'Abonnieren',
  choose: 'Variante wählen',
  sold_out: 'Ausverkauft',
  per: { month: 'pro Monat', year: 'pro Jahr' },
  policies: 'Versand und Rückgabe',
  shipping: 'Versand',
  returns: 'Rückgabe',
  faq: 'Fragen und Antworten',
  reviews: 'Bewertungen',
  products: 'Produkte',
  ships_to: (countries) => `Versand nach ${countries}`,
  in_stock: (count) => `${count} auf Lager`,
  from: (price) => `ab ${price}`,
  rating: (stars) => `${stars} von 5 Sternen`,
  checkout_unavailable: { title: 'Kasse nicht verfügbar', message: 'Dieser Shop kann noch keine Zahlungen annehmen. Bitte versuchen Sie es später oder wenden Sie sich an den Verkäufer.' },
  sold_out_page: { title: 'Ausverkauft', message: 'Dieses Produkt ist ausverkauft.' },
};

const fr: StoreWords = {
  buy: 'Acheter',
  subscribe: "S'abonner",
  choose: 'Choisir une option',
  sold_out: 'Épuisé',
  per: { month: 'par mois', year: 'par an' },
  policies: 'Livraison et retours',
  shipping: 'Livraison',
  returns: 'Retours',
  faq: 'Questions et réponses',
  reviews: 'Avis',
  products: 'Produits',
  ships_to: (countries) => `Livraison : ${countries}`,
  in_stock: (count) => `${count} en stock`,
  from: (price) => `à partir de ${price}`,
  rating: (stars) => `${stars} sur 5 étoiles`,
  checkout_unavailable: { title: 'Paiement indisponible', message: 'Cette boutique ne peut pas encore accepter de paiements. Réessayez plus tard ou contactez le vendeur.' },
  sold_out_page: { title: 'Épuisé', message: 'Ce produit est épuisé.' },
};

const es: StoreWords = {
  buy: 'Comprar',
  subscribe: 'Suscribirse',
  choose: 'Elige una opción',
  sold_out: 'Agotado',
  per: { month: 'al mes', year: 'al año' },
  policies: 'Envíos y devoluciones',
  shipping: 'Envíos',
  returns: 'Devoluciones',
  faq: 'Preguntas y respuestas',
  reviews: 'Opiniones',
  products: 'Productos',
  ships_to: (countries) => `Envíos a ${countries}`,
  in_stock: (count) => `${count} en stock`,
  from: (price) => `desde ${price}`,
  rating: (stars) => `${stars} de 5 estrellas`,
  checkout_unavailable: { title: 'Pago no disponible', message: 'Esta tienda aún no puede aceptar pagos. Inténtalo más tarde o contacta con el vendedor.' },
  sold_out_page: { title: 'Agotado', message: 'Este producto está agotado.' },
};

const pt: StoreWords = {
  buy: 'Comprar',
  subscribe: 'Assinar',
  choose: 'Escolha uma opção',
  sold_out: 'Esgotado',
  per: { month: 'por mês', year: 'por ano' },
  policies: 'Envio e devoluções',
  shipping: 'Envio',
  returns: 'Devoluções',
  faq: 'Perguntas e respostas',
  reviews: 'Avaliações',
  products: 'Produtos',
  ships_to: (countries) => `Envio para ${countries}`,
  in_stock: (count) => `${count} em estoque`,
  from: (price) => `a partir de ${price}`,
  rating: (stars) => `${stars} de 5 estrelas`,
  checkout_unavailable: { title: 'Pagamento indisponível', message: 'Esta loja ainda não aceita pagamentos. Tente mais tarde ou contate o vendedor.' },
  sold_out_page: { title: 'Esgotado', message: 'Este produto está esgotado.' },
};

const sets: Record<string, StoreWords> = { en, de, fr, es, pt };
export const englishWords = en;
export const storeLanguages = Object.keys(sets);

/** The set for a BCP 47 tag, or null when its language has none. */
export const storeWordsFor = (lang: string): StoreWords | null => sets[lang.toLowerCase().split('-')[0] ?? ''] ?? null;
