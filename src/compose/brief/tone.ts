/** Tone: the tone words a prompt asks for ("warm and playful"), and the ones it rules out ("not too formal"). */
import { firstMatches, type Span } from './spans.js';

// prettier-ignore
export const TONE_WORDS: Record<string, string> = {
  friendly: 'friendly', professional: 'professional', playful: 'playful', bold: 'bold', minimal: 'minimal',
  minimalist: 'minimal', minimalistic: 'minimal', luxurious: 'luxurious', luxury: 'luxurious', luxe: 'luxurious',
  upscale: 'upscale', premium: 'premium', warm: 'warm', calm: 'calm', calming: 'calm', energetic: 'energetic',
  formal: 'formal', casual: 'casual', witty: 'witty', elegant: 'elegant', modern: 'modern', fun: 'fun',
  quirky: 'quirky', serious: 'serious', confident: 'confident', approachable: 'approachable',
  authoritative: 'authoritative', inspiring: 'inspiring', inspirational: 'inspiring', upbeat: 'upbeat',
  cheerful: 'cheerful', sophisticated: 'sophisticated', clean: 'clean', simple: 'simple', classic: 'classic',
  timeless: 'timeless', vintage: 'vintage', retro: 'retro', rustic: 'rustic', earthy: 'earthy', cozy: 'cozy',
  cosy: 'cozy', gentle: 'gentle', soothing: 'soothing', serene: 'serene', edgy: 'edgy', punchy: 'punchy',
  trustworthy: 'trustworthy', empathetic: 'empathetic', caring: 'caring', compassionate: 'compassionate',
  humorous: 'humorous', funny: 'humorous', whimsical: 'whimsical', youthful: 'youthful', sleek: 'sleek',
  corporate: 'corporate', conversational: 'conversational', relaxed: 'relaxed', 'laid-back': 'relaxed',
  'laid back': 'relaxed', trendy: 'trendy', futuristic: 'futuristic', exciting: 'exciting', dramatic: 'dramatic',
  refined: 'refined', polished: 'polished', welcoming: 'welcoming', inviting: 'inviting', lively: 'lively',
  vibrant: 'vibrant', cute: 'cute', irreverent: 'irreverent', sassy: 'sassy', nostalgic: 'nostalgic',
  heartfelt: 'heartfelt', sincere: 'sincere', honest: 'honest', direct: 'direct', concise: 'concise',
  informative: 'informative', technical: 'technical', academic: 'academic', understated: 'understated',
  urgent: 'urgent', motivational: 'motivational', motivating: 'motivational', encouraging: 'encouraging',
  supportive: 'supportive', optimistic: 'optimistic', positive: 'positive', reassuring: 'reassuring',
  authentic: 'authentic', intimate: 'intimate', joyful: 'joyful', quiet: 'quiet',
  earnest: 'earnest', cheeky: 'cheeky', geeky: 'geeky', nerdy: 'geeky', artsy: 'artsy', chic: 'chic',
};

const TONE_PATTERN = new RegExp(
  String.raw`(?<![\p{L}-])(${Object.keys(TONE_WORDS)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[\s-]/gu, '[\\s-]'))
    .join('|')})(?![\p{L}-])`,
  'giu',
);
const NEGATION_BEFORE = /(?:(?<![\p{L}])(?:not|no|never|without|avoid|avoiding|less|nothing|non)|n't)\s+(?:[\p{L}']+\s+){0,2}$/iu;

export interface ToneWord extends Span {
  word: string;
  /** "not too formal" */
  negated: boolean;
}

export function extractTone(text: string): ToneWord[] {
  const found: ToneWord[] = [];
  for (const m of firstMatches(text, TONE_PATTERN)) {
    const start = m.index;
    const word = TONE_WORDS[(m[1] ?? '').toLowerCase().replace(/[\s-]+/gu, (sep) => (sep.includes('-') ? '-' : ' '))];
    const negated = NEGATION_BEFORE.test(text.slice(Math.max(0, start - 30), start));
    if (word) found.push({ start, end: start + m[0].length, word, negated });
    if (found.length >= 100) break;
  }
  return found;
}
