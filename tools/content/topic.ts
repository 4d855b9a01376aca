/**
 * The topic of a prompt that asks for a post about something (issue 14 §4): a noun phrase in the prompt's own words
 * ("sourdough baking"), never the prompt pasted into a sentence. The request's lead-in ("Write a LinkedIn post
 * about…", "Escribe un hilo sobre…", "Schreib einen Blogartikel über…", "Rédige une newsletter sur…", "Crie um post
 * sobre…") goes, and names the prompt's language.
 *
 * Decisions:
 * - English: what follows the lead-in is the topic when it reads as a noun phrase ("remote onboarding", "choosing a
 *   CRM"), cut before a relative clause ("cold email that gets replies" → "cold email") and after its eighth word at
 *   a preposition. "How to start a podcast" becomes "starting a podcast". An instruction or a clause ("Announce…",
 *   "how small bakeries can win on Instagram") gives its noun phrases instead (compromise, on the compute thread).
 *   "For {audience}" at its end goes to the audience when the caller gave none.
 * - Other languages, without a parser: the rest after the lead-in and its article, when short (six words or
 *   fewer), else its first clause; the audience stays in the topic ("gestión del tiempo para autónomos").
 */
import { nounPhrases } from './extract.js';

export interface PromptTopic {
  /** A noun phrase of the prompt. */
  topic: string;
  /** Who the prompt says it is for ("for beginners"), taken out of the topic; null when it says nobody or the caller named an audience. */
  audience: string | null;
  /** The whole subject, for a model: the topic before any cut, with who it is for ("sourdough baking for beginners"). */
  subject: string;
  /** The language of the prompt's lead-in, when its verb names one. */
  lang: string | null;
}

interface LeadIn {
  polite: string;
  verb: string;
  det: string;
  adj: string;
  /** Platforms and formats written before the kind of text ("a LinkedIn post"). */
  before: string;
  noun: string;
  /** …and after it ("un post para LinkedIn"). */
  after: string;
  prep: string;
  /** Articles a topic loses ("la gestión del tiempo" → "gestión del tiempo"). */
  article: string;
  /** Words that start a new clause. */
  clause: string;
  /** Words a cut topic must not end with. */
  small: string;
}

const platforms = 'linkedin|instagram|facebook|twitter|x|tiktok|threads|youtube|substack|medium';

// prettier-ignore
const leadIns: Record<string, LeadIn> = {
  en: {
    polite: String.raw`please|kindly|hey|hi|(?:can|could|would|will) you(?: please)?`,
    verb: String.raw`write|create|make|draft|generate|compose|prepare|produce|craft|put together|give|help me (?:write|draft|create)|i need|i want|we need|i'd like|i would like`,
    det: 'a|an|some|the|one|my|our|a few',
    adj: 'short|quick|long|brief|new|simple|detailed|friendly|professional|engaging|fun|catchy|informative|helpful|weekly|monthly',
    before: `${platforms}|blog|social media|social|newsletter|email|web|website`,
    noun: String.raw`posts?|articles?|threads?|pieces?|emails?|newsletters?|blogs?|captions?|stor(?:y|ies)|guides?|series|updates?|copy|texts?|content|tweets?|essays?|write-?ups?|blurbs?`,
    after: String.raw`(?:for|on) (?:my |our |the )?(?:${platforms}|blog|newsletter|website)`,
    prep: String.raw`about|on the topic of|on|covering|around|regarding|explaining|discussing|for`,
    article: 'the|a|an',
    clause: String.raw`that|which|who|whose|because|so that|while|when`,
    small: 'a an the and or of to in on for with at by from about',
  },
  es: {
    polite: 'por favor',
    verb: 'escribe|escriba|escríbeme|escríbame|escribir|redacta|redacte|redáctame|redácteme|crea|cree|créame|haz|haga|hazme|hágame|prepara|prepare|genera|genere|necesito|quiero|quisiera',
    det: 'un|una|unos|unas|el|la|algunos|algunas',
    adj: 'breve|corto|corta|pequeño|pequeña|nuevo|nueva|buen|buena',
    before: 'nuevo|nueva',
    noun: String.raw`artículos?|articulos?|posts?|publicaci[oó]n(?:es)?|entradas?|hilos?|bolet[ií]n(?:es)?|newsletters?|correos?|e-?mails?|textos?|contenidos?|blogs?|gu[ií]as?|tuits?|tweets?`,
    after: String.raw`de blog|(?:para|en) (?:el |mi |nuestro )?(?:${platforms}|blog|bolet[ií]n)|de (?:${platforms})`,
    prep: String.raw`sobre|acerca del?|en torno al?|respecto al?|del|de|que explique`,
    article: 'el|la|los|las|un|una|unos|unas',
    clause: 'que|porque|cuando|donde|aunque|si',
    small: 'el la los las un una de del en para por con y o a al sobre',
  },
  pt: {
    polite: 'por favor',
    verb: 'escreva|escreve|escrever|escreva-me|crie|cria|criar|faça|faz|redija|redige|prepare|prepara|gere|gera|elabore|elabora|preciso de|quero|gostaria de',
    det: 'um|uma|uns|umas|o|a',
    adj: 'breve|curto|curta|pequeno|pequena|novo|nova|bom|boa',
    before: 'novo|nova',
    noun: String.raw`artigos?|posts?|publicaç(?:ão|ões)|postagens?|postagem|textos?|fios?|threads?|newsletters?|boletins?|boletim|e-?mails?|conteúdos?|blogs?|guias?|tweets?`,
    after: String.raw`de blog|para (?:o |a |meu |nosso )?(?:${platforms}|blog)|n[oa] (?:${platforms}|blog)|do (?:${platforms})`,
    prep: String.raw`sobre|acerca d[eoa]s?|a respeito d[eoa]s?|em torno d[eoa]s?|d[eoa]s?|que explique`,
    article: 'o|a|os|as|um|uma|uns|umas',
    clause: 'que|porque|quando|onde|embora|se',
    small: 'o a os as um uma de do da dos das em no na para por com e ou ao sobre',
  },
  de: {
    polite: String.raw`bitte|kannst du|können sie|könnten sie`,
    verb: String.raw`schreib|schreibe|schreiben sie|verfasse|verfass|verfassen sie|erstelle|erstell|erstellen sie|mach|mache|entwirf|entwerfen sie|formuliere|ich brauche|ich möchte|wir brauchen`,
    det: 'einen|eine|ein|den|die|das|ein paar',
    adj: 'kurzen|kurze|kurzes|neuen|neue|neues|knackigen|knackige',
    before: 'neuen|neue|neues',
    noun: String.raw`[\p{L}-]*(?:beitrag|beiträge|artikel|post|posts|thread|threads|newsletter|text|texte|leitfaden|ratgeber)|e-?mails?|mails?`,
    after: String.raw`(?:für|auf) (?:${platforms}|unseren blog|den blog|meinen blog|unseren newsletter)`,
    prep: String.raw`über|zum thema|zu dem thema|zum|zur|zu|rund um|bezüglich|betreffend`,
    article: 'der|die|das|den|dem|des|ein|eine|einen|einem|einer',
    clause: 'dass|weil|wenn|damit|obwohl|sodass',
    small: 'der die das den dem des ein eine einen einem für mit von zu zum zur und oder im in am an auf über',
  },
  fr: {
    polite: String.raw`s['’]il te plaît|s['’]il vous plaît|peux-tu|pouvez-vous|pourriez-vous`,
    verb: String.raw`(?:écris|écrivez|rédige|rédigez|crée|créez|fais|faites|prépare|préparez|génère|générez|propose|proposez)(?:-moi|-nous)?|écrire|rédiger|créer|j['’]ai besoin d['’]|je veux|je voudrais`,
    det: String.raw`un|une|des|le|la|l['’]|quelques`,
    adj: 'court|courte|petit|petite|nouvel|nouveau|nouvelle|bref|brève',
    before: 'nouvel|nouveau|nouvelle',
    noun: String.raw`articles?|posts?|billets?|publications?|threads?|fils?|newsletters?|lettres? d['’]information|e-?mails?|mails?|textes?|contenus?|guides?|tweets?|blogs?`,
    after: String.raw`de blog|(?:pour|sur) (?:le |mon |notre )?(?:${platforms}|blog)|${platforms}`,
    prep: String.raw`sur|à propos (?:de|du|des|d['’])|au sujet (?:de|du|des|d['’])|concernant|autour (?:de|du|des|d['’])|consacrée? (?:à|au|aux)|qui explique`,
    article: String.raw`le|la|les|un|une|des|du|l['’]`,
    clause: String.raw`que|qui|parce que|quand|où|afin que|pour que|si`,
    small: 'le la les l un une des de du d en pour par avec et ou au aux à sur',
  },
};

/** The lead-in of each language: groups 1 verb, 2 noun. */
const leadInPatterns = Object.fromEntries(
  Object.entries(leadIns).map(([lang, w]) => [
    lang,
    new RegExp(
      String.raw`^(?:(?:${w.polite})[,\s]+)*(?:(${w.verb})\s+(?:(?:me|us|mir|uns)\s+)?)?(?:(?:${w.det})(?:\s+|(?<=['’])))?(?:(?:${w.adj})\s+)*(?:(?:${w.before})\s+)*(?:(${w.noun})\s+(?:(?:${w.after})\s+)?)?(?:${w.prep})(?:\s+|(?<=['’]))`,
      'iu',
    ),
  ]),
);

/** A word list of a language as a set, lower case. */
const wordSet = (list: string) => new Set(list.split(' '));

/** The prompt without its lead-in, and the lead-in's language when a verb or noun of one language says which. */
function withoutLeadIn(text: string, hint: string): { rest: string; lang: string | null } {
  const order = [...new Set([hint, 'en', 'es', 'pt', 'de', 'fr'])].filter((lang) => lang in leadIns);
  for (const lang of order) {
    const m = leadInPatterns[lang]?.exec(text);
    if (m && (m[1] || m[2]) && m[0].length < text.length) return { rest: text.slice(m[0].length), lang: m[1] ? lang : null };
  }
  // "About sourdough": the preposition alone.
  const bare = /^(?:about|sobre|über|sur|acerca de)\s+/iu.exec(text);
  return { rest: bare ? text.slice(bare[0].length) : text, lang: null };
}

const words = (text: string) => text.split(/\s+/u).filter(Boolean);

/** At most `max` words, cut at a clause or preposition boundary where it can, never ending with a small word. */
function shortened(text: string, max: number, w: LeadIn): string {
  let kept = words(text);
  const small = wordSet(w.small);
  if (kept.length > max) {
    // Drop trailing prepositional phrases ("… on a budget") while the rest is long.
    const prepositions = wordSet('in on for with at after before during from to of about without by');
    for (let i = kept.length - 1; i >= 2 && kept.length > max; i--) if (prepositions.has((kept[i] as string).toLowerCase())) kept = kept.slice(0, i);
    kept = kept.slice(0, max);
  }
  while (kept.length > 1 && small.has((kept.at(-1) as string).toLowerCase())) kept.pop();
  return kept.join(' ');
}

/** An English verb's -ing form, for "how to start a podcast" → "starting a podcast". */
function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (/ie$/.test(lower)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(lower) && lower !== 'be') return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgklmnprt]$/.test(lower)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** Verbs an English prompt opens with when it asks for something rather than naming a topic. */
const instructions = wordSet(
  'announce explain tell share promote describe introduce invite remind celebrate summarize summarise compare convince show help list encourage persuade get grow make give let start build improve boost increase find learn use stop avoid launch sell motivate thank welcome highlight showcase present pitch advertise recommend review discuss outline teach convert reach',
);
const clauseStarts = /^(?:how|why|what|when|where|which|whether|who)\b/iu;
const finiteVerbs = /\s(?:can|could|should|would|will|must|might|may|is|are|was|were|do|does|did|has|have|had)\s/iu;
/** Words about the deliverable, not its subject. */
const deliverables = new RegExp(String.raw`^(?:(?:${platforms}|blog|social media) )?(?:${leadIns.en?.noun ?? ''})$`, 'iu');

/** An English topic as a noun phrase, with the audience it names at its end. */
async function englishTopic(rest: string, audience: string | null): Promise<{ topic: string; audience: string | null }> {
  const w = leadIns.en as LeadIn;
  let text = rest;
  const howTo = /^how to (\p{L}+)\s+(.+)$/iu.exec(text);
  if (howTo) text = `${gerund(howTo[1] as string)} ${howTo[2]}`;
  else if (clauseStarts.test(text) || instructions.has((words(text)[0] ?? '').toLowerCase()) || finiteVerbs.test(` ${text} `)) {
    // Each phrase as the prompt writes it: compromise may change its case.
    const asWritten = (phrase: string) => {
      const at = text.toLowerCase().indexOf(phrase.toLowerCase());
      return at >= 0 ? text.slice(at, at + phrase.length) : phrase;
    };
    const phrases = [...new Set((await nounPhrases(text)).filter((phrase) => !deliverables.test(phrase)).map(asWritten))];
    if (phrases.length) text = phrases.slice(0, 2).join(' and ');
  }
  const relative = new RegExp(String.raw`\s(?:${w.clause})\s`, 'iu').exec(text);
  if (relative && relative.index > 0) text = text.slice(0, relative.index);
  let found: string | null = null;
  if (audience) {
    const at = text.toLowerCase().lastIndexOf(` for ${audience.toLowerCase()}`);
    if (at > 0) {
      found = text.slice(at + 5, at + 5 + audience.length);
      text = `${text.slice(0, at)}${text.slice(at + 5 + audience.length)}`;
    }
  }
  return { topic: shortened(text, 8, w), audience: found };
}

/** Another language's topic: the rest without its article, whole when short, else its first clause. */
function otherTopic(rest: string, lang: string): string {
  const w = leadIns[lang] as LeadIn;
  let text = rest.replace(new RegExp(String.raw`^(?:${w.article})(?:\s+|(?<=['’]))(?=\S)`, 'iu'), '');
  if (words(text).length > 6) text = text.split(new RegExp(String.raw`\s*[,;:()–—]\s*|\s(?:${w.clause})\s`, 'iu'))[0] ?? text;
  return shortened(text, 8, w);
}

/**
 * The topic of a prompt with no facts: `lang` is the language the prompt was detected in, `audience` the one the
 * brief found ("beginners"), which the topic gives up when it ends with "for {audience}" and the caller named none.
 */
export async function topicOf(prompt: string, hints: { lang: string; audience: string | null }): Promise<PromptTopic> {
  const first = (prompt.split(/(?<=[.!?])\s/u)[0] ?? prompt).replace(/\s+/gu, ' ').trim();
  const { rest, lang } = withoutLeadIn(first, hints.lang);
  const clean = rest.replace(/[\s.!?…:;,]+$/u, '');
  const language = lang ?? hints.lang;
  const english = language === 'en' || !(language in leadIns);
  const found = english ? await englishTopic(clean, hints.audience) : { topic: otherTopic(clean, language), audience: null };
  // A prompt of small words only ("Write about it") keeps its first words: a short prompt may be repeated.
  const topic = found.topic || words(first).slice(0, 5).join(' ');
  const subject = found.audience ? `${topic} for ${found.audience}` : topic;
  return { ...notWhole(topic, found.audience, first, english ? 'en' : language), subject, lang };
}

/** Words as copy checks count them ("five-person" is two). */
const tokens = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/**
 * A topic that is the whole prompt, six words or more with its audience, cut to five or fewer: copy may repeat a
 * phrase of the prompt, never the prompt itself ("choosing a CRM for a five-person agency" → "choosing a CRM").
 */
function notWhole(topic: string, audience: string | null, prompt: string, lang: string): { topic: string; audience: string | null } {
  const whole = audience ? `${topic} for ${audience}` : topic;
  if (tokens(whole) < 6 || tokens(whole) < tokens(prompt.replace(/[.!?]+$/u, ''))) return { topic, audience };
  const w = leadIns[lang] as LeadIn;
  let rest = topic;
  for (let max = words(rest).length; tokens(rest) >= 6 && max > 1; max--) rest = shortened(rest, max - 1, w);
  // The topic and its audience would be the prompt again: the audience goes.
  return { topic: rest, audience: null };
}
