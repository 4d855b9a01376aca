/**
 * The languages a business works in, as BCP 47 codes, when it says so ("We speak English and Spanish", "Wir
 * sprechen Deutsch, Englisch und Türkisch", "Beratung auf Deutsch und Englisch"). A language taught or a page's
 * own language ("Spanish classes", "English-language shop page") is not one.
 */
import { matches } from './stated.js';

// prettier-ignore
const CODES: Record<string, string> = {
  english: 'en', spanish: 'es', portuguese: 'pt', german: 'de', french: 'fr', italian: 'it', dutch: 'nl', polish: 'pl', turkish: 'tr', arabic: 'ar', chinese: 'zh', mandarin: 'zh', cantonese: 'yue', japanese: 'ja', korean: 'ko', russian: 'ru', ukrainian: 'uk', hindi: 'hi', urdu: 'ur', vietnamese: 'vi', greek: 'el', romanian: 'ro',
  inglés: 'en', español: 'es', castellano: 'es', portugués: 'pt', alemán: 'de', francés: 'fr', italiano: 'it', catalán: 'ca', català: 'ca',
  inglês: 'en', espanhol: 'es', português: 'pt', alemão: 'de', francês: 'fr',
  englisch: 'en', spanisch: 'es', portugiesisch: 'pt', deutsch: 'de', französisch: 'fr', italienisch: 'it', türkisch: 'tr', polnisch: 'pl', russisch: 'ru', arabisch: 'ar',
  anglais: 'en', espagnol: 'es', portugais: 'pt', allemand: 'de', français: 'fr', italien: 'it', arabe: 'ar', néerlandais: 'nl',
};
const NAME = String.raw`[\p{L}]+`;
const LIST = String.raw`${NAME}(?:\s*,\s*${NAME})*(?:\s+(?:and|or|y|e|o|und|oder|et|ou)\s+${NAME})?`;
const CUE = new RegExp(
  String.raw`(?<![\p{L}])(?:we speak|i speak|speaks?|spoken|bilingual|multilingual|languages?|hablamos|hablo|se habla|falamos|falo|idiomas?|wir sprechen|ich spreche|sprachen|auf|nous parlons|je parle|on parle|langues?|in)\s*:?\s+(${LIST})`,
  'giu',
);

export function findLanguages(view: string): string[] {
  const codes: string[] = [];
  for (const m of matches(view, CUE)) {
    const names = (m[1] ?? '').split(/\s*,\s*|\s+(?:and|or|y|e|o|und|oder|et|ou)\s+/u).map((name) => CODES[name.toLowerCase()]);
    // "in English and Spanish" counts only as a whole list of languages; "auf Deutsch" alone is a language too.
    if (names.length === 0 || names.some((code) => code === undefined)) continue;
    if (/^in\s/iu.test(m[0]) && names.length < 2) continue;
    for (const code of names) if (code && !codes.includes(code)) codes.push(code);
  }
  return codes;
}
