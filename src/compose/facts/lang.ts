/** The prompt's language, from its function words: the five the labelled set is written in. */

// prettier-ignore
const FUNCTION_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'for', 'with', 'our', 'we', 'is', 'are', 'of', 'to', 'a', 'in', 'on', 'my', 'page', 'from', 'open', 'at', 'per', 'only', 'or', 'by', 'your', 'you', 'us', 'this', 'that', 'it', 'will', 'be', 'each', 'until', 'get', 'book', 'all', 'off', 'free', 'need', 'want'],
  es: ['el', 'la', 'los', 'las', 'y', 'para', 'con', 'de', 'del', 'en', 'una', 'un', 'que', 'por', 'nuestro', 'nuestra', 'somos', 'desde', 'al'],
  pt: ['o', 'os', 'as', 'e', 'para', 'com', 'de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'uma', 'um', 'que', 'por', 'nosso', 'nossa', 'ao', 'às', 'não', 'em', 'é', 'até', 'você', 'seu', 'sua', 'grátis', 'aulas', 'horários'],
  de: ['der', 'die', 'das', 'und', 'für', 'mit', 'von', 'ist', 'wir', 'ein', 'eine', 'im', 'in', 'am', 'bis', 'auf', 'unsere', 'unser', 'uhr', 'zu'],
  fr: ['le', 'la', 'les', 'et', 'pour', 'avec', 'de', 'des', 'du', 'en', 'une', 'un', 'que', 'nous', 'notre', 'nos', 'au', 'aux', 'à', 'est', 'sur'],
};

const WORD = /[\p{L}]+/gu;

const FUNCTION_WORD_SETS = Object.entries(FUNCTION_WORDS).map(([lang, words]) => [lang, new Set(words)] as const);

export function detectLang(view: string): string {
  const scores: Record<string, number> = { en: 0, es: 0, pt: 0, de: 0, fr: 0 };
  const sets = FUNCTION_WORD_SETS;
  for (const word of view.toLowerCase().match(WORD) ?? []) for (const [lang, words] of sets) if (words.has(word)) scores[lang] = (scores[lang] ?? 0) + 1;
  // Letters only one language writes settle near ties.
  if (/[ãõç]|ção|ções/u.test(view)) scores.pt = (scores.pt ?? 0) + 2;
  if (/R\$/u.test(view)) scores.pt = (scores.pt ?? 0) + 2;
  if (/[ñ¿¡]/u.test(view)) scores.es = (scores.es ?? 0) + 3;
  if (/[äöüß]/u.test(view)) scores.de = (scores.de ?? 0) + 3;
  if (/[èêàùœ]|\b(?:l'|d'|qu')/iu.test(view)) scores.fr = (scores.fr ?? 0) + 3;
  let best = 'en';
  for (const lang of ['es', 'pt', 'de', 'fr']) if ((scores[lang] ?? 0) > (scores[best] ?? 0)) best = lang;
  return best;
}
