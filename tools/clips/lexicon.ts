/** Word lists the scorer reads: small, curated, English; the reasons in a clip's score quote them. */
import { stopwords } from '../../src/compose/lexicon.js';

/** What talk adds to the shared stop words: fillers and hedges, contractions, vague nouns and everyday verbs. */
const spokenFillers = `um uh like yeah oh gonna wanna kind sort actually basically literally right honestly maybe probably pretty
  dont don't im i'm it's thats that's youre you're we're theyre they're ive i've isnt isn't
  thing things stuff lot lots part time way people today week
  know mean think going go said say says need needs want wants make makes made use used look looks start`.split(/\s+/);

/** The stop words of a transcript: the shared English ones and the spoken fillers. */
export const spokenStopwords = new Set([...stopwords, ...spokenFillers]);

/** A clip that opens on one of these starts mid-thought. */
export const danglingOpeners = new Set(
  `and but so because also which that this these those it he she they him her them then plus or nor yet anyway
  however therefore thus hence meanwhile besides moreover furthermore otherwise instead likewise`.split(/\s+/),
);

export const interrogatives = new Set('what why how who when where which is are do does did can could should would will have has ever'.split(' '));

export const boldWords = new Set(
  `never always nobody everyone everybody nothing everything best worst biggest secret secrets truth mistake mistakes wrong
  stop myth myths lie lies lied hate love insane crazy impossible guaranteed proven shocking unbelievable incredible
  huge massive ultimate only must destroy destroyed killed killing changed change-your-life`.split(/\s+/),
);

export const emotionWords = new Set(
  `amazing incredible insane crazy wild love loved hate hated terrified scared afraid fear angry furious shocked shocking
  surprised wow unbelievable awesome beautiful heartbreaking devastating brutal hilarious funny laugh laughed cried cry tears
  excited thrilled obsessed painful proud ashamed embarrassed disgusting terrible horrible fantastic perfect worst best
  dangerous risky broke rich fired quit died dead miracle nightmare dream`.split(/\s+/),
);

export const numberWords = new Set(
  'two three four five six seven eight nine ten eleven twelve twenty thirty fifty hundred thousand million billion first second third half double triple percent'.split(' '),
);

/** Whether a word (as spoken, with its punctuation) is emotionally charged. */
export const isEmotional = (word: string) => emotionWords.has(word.toLowerCase().replace(/[^\p{L}]/gu, ''));

/** Lower-case letters only, a light stem ("grooming" → "groom"): enough to match a word's forms. */
export function stem(word: string): string {
  const lower = word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']/gu, '')
    .replace(/'s$/, '');
  if (lower.length <= 4) return lower;
  return lower.replace(/(?:ingly|edly|ing|ed|ies|es|s|ly)$/, (suffix) => (suffix === 'ies' ? 'y' : ''));
}

/** The content tokens of a text: stems of the words that are not spoken stop words. */
export function contentTokens(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
    if (lower.length < 3 || spokenStopwords.has(lower) || /^\d+$/.test(lower)) continue;
    out.push(stem(lower));
  }
  return out;
}
