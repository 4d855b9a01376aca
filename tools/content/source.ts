import { Parser } from 'htmlparser2';
import { Lexer, type Token, type Tokens } from 'marked';
import { sentencesOf, type SourceSentence } from './extract.js';

/**
 * source_text as clean sentences, whatever it was pasted as: Markdown (a README), HTML (a web
 * page), a transcript (speaker turns) or plain prose. Markup, code, images, badges and URLs never
 * reach the sentences; a link leaves its text. A transcript's speaker labels leave the prose and
 * become each sentence's `speaker`; stage directions ("[laughs]", "(crosstalk)") and sentences of
 * nothing but filler ("Yeah.", "Mm-hmm.") are dropped. Every step is a pass over lines or tokens
 * with bounded patterns, so 100k characters of hostile input stay fast.
 */

export type SourceFormat = 'markdown' | 'html' | 'transcript' | 'text';

export interface Source {
  format: SourceFormat;
  sentences: SourceSentence[];
  /** Headings of a Markdown or HTML document: not sentences, kept aside. */
  headings: string[];
}

/** A block of prose (a paragraph, a list item, a turn) and who said it. */
interface Block {
  text: string;
  speaker?: string;
}

export function readSource(text: string): Source {
  const format = formatOf(text);
  const headings: string[] = [];
  const blocks = format === 'markdown' ? markdownBlocks(text, headings) : format === 'html' ? htmlBlocks(text, headings) : format === 'transcript' ? transcriptBlocks(text) : null;
  // Plain prose is segmented as it is, so that its sentences are exactly sentencesOf's.
  if (!blocks) return { format, sentences: sentencesOf(text), headings };
  const sentences: SourceSentence[] = [];
  for (const block of blocks) {
    for (const { text: sentence } of sentencesOf(block.text)) {
      if (format === 'transcript' && fillerOnly(sentence)) continue;
      sentences.push({ index: sentences.length, text: sentence, ...(block.speaker ? { speaker: block.speaker } : {}) });
    }
  }
  return { format, sentences, headings: headings.filter(Boolean) };
}

// ---- Format ----------------------------------------------------------------------------------

const htmlTag = /<\/?(?:p|div|br|h[1-6]|ul|ol|li|a|span|article|section|body|html|head|table|td|strong|em|img|script|style|nav|main|header|footer|blockquote)\b[^<>]{0,500}>/gi;
const markdownSignals: RegExp[] = [
  /^ {0,3}#{1,6} \S/m,
  /^ {0,3}(?:```|~~~)/m,
  /!?\[[^\]\n]{1,300}\]\([^)\s]{1,2000}\)/,
  /^ {0,3}[-*+] \S/m,
  /^ {0,3}\d{1,3}\. \S/m,
  /^ {0,3}> \S/m,
  /\*\*[^*\n]{1,200}\*\*/,
  /^\|.{1,500}\|$/m,
];

/**
 * A whole HTML document; a transcript when speaker turns head many lines; Markdown when two kinds
 * of its syntax show (a README's HTML logo and code samples do not make it HTML); HTML when tags
 * abound; else prose.
 */
function formatOf(text: string): SourceFormat {
  const head = text.slice(0, 20_000);
  if (/^\s*<(?:!doctype|html|head|body)\b/i.test(head)) return 'html';
  if (/^\uFEFF?WEBVTT/.test(head) || turnsOf(text.split('\n')).transcript) return 'transcript';
  if (markdownSignals.filter((signal) => signal.test(head)).length >= 2) return 'markdown';
  return (head.match(htmlTag)?.length ?? 0) >= 6 ? 'html' : 'text';
}

// ---- Markdown --------------------------------------------------------------------------------

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name] ?? '');
const urlLike = /^(?:[a-z][a-z0-9+.-]{1,20}:\/\/|www\.|mailto:)\S*$|^\S+\.(?:com|org|net|io|dev|js|ts|md|html|json)\b\S*$/i;
const bareUrls = /\b(?:[a-z][a-z0-9+.-]{1,20}:\/\/|www\.)[^\s<>()]{1,2000}/gi;

function markdownBlocks(text: string, headings: string[]): Block[] {
  const blocks: Block[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case 'heading': {
          // A "heading" that runs to sentences ("### Warning: Marked does not sanitize…") is prose.
          const heading = clean(inline((token as Tokens.Heading).tokens));
          if (heading.length > 80) blocks.push({ text: heading });
          else headings.push(heading);
          break;
        }
        case 'paragraph':
        case 'text':
          blocks.push({ text: clean('tokens' in token && token.tokens ? inline(token.tokens) : decode(token.text as string)) });
          break;
        case 'list':
          for (const item of (token as Tokens.List).items) walk(item.tokens);
          break;
        case 'blockquote':
          walk((token as Tokens.Blockquote).tokens);
          break;
        // code, html, tables, rules and space are not prose.
      }
    }
  };
  try {
    walk(lexMarkdown(text));
  } catch {
    // Nesting deeper than marked's recursion allows ("> - > - …"): paragraphs without their markup.
    blocks.length = headings.length = 0;
    for (const paragraph of text.split(/\n[ \t]*\n/)) blocks.push({ text: clean(withoutMarkup(paragraph.replace(/^[ \t>*+#-]+/gm, ''))) });
  }
  return blocks.filter((block) => block.text);
}

/** marked's emphasis takes time quadratic in a paragraph's length ("_a_a_a…"): longer runs are stripped of markup by patterns instead. */
const inlineMax = 4000;

/**
 * marked's tokens, made safe for any input: quote markers are dropped first (each nested ">" is
 * a level of recursion, and 50,000 of them overflow the stack; a quote's words are prose like
 * any other), and a paragraph too long for its inline lexer is read as plain text.
 */
function lexMarkdown(text: string): Token[] {
  const lexer = new Lexer({ gfm: true });
  const tokens = lexer.blockTokens(text.replace(/\r\n?/g, '\n').replace(/^(?: {0,3}>[ \t]?)+/gm, ''), lexer.tokens);
  for (const { src, tokens: inline } of lexer.inlineQueue) {
    if (src.length <= inlineMax) lexer.inlineTokens(src, inline);
    else inline.push({ type: 'text', raw: src, text: withoutMarkup(src) });
  }
  return tokens;
}

/** Markdown's inline syntax removed by bounded patterns: images and code go, links leave their text. */
const withoutMarkup = (text: string) =>
  text
    .replace(/!\[[^\]\n]{0,300}\]\([^)\s]{0,2000}\)|`[^`\n]{0,300}`/g, '')
    .replace(/\[([^\]\n]{0,300})\]\([^)\s]{0,2000}\)/g, '$1')
    .replace(/[*_~`]+/g, '');

/** Inline tokens as plain text: a link leaves its words (none when they are a URL or an image), code and HTML nothing. */
function inline(tokens: readonly Token[]): string {
  let out = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'escape':
        out += 'tokens' in token && token.tokens ? inline(token.tokens) : decode(token.text as string);
        break;
      case 'strong':
      case 'em':
      case 'del':
        out += inline((token as Tokens.Strong).tokens);
        break;
      case 'link': {
        const words = inline((token as Tokens.Link).tokens).trim();
        if (!urlLike.test(words)) out += words;
        break;
      }
      case 'br':
        out += ' ';
        break;
      // codespan, image, html: not words of the prose.
    }
  }
  return out;
}

const clean = (text: string) =>
  text
    .replace(bareUrls, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();

// ---- HTML ------------------------------------------------------------------------------------

const skipped = new Set(['script', 'style', 'nav', 'code', 'pre', 'noscript', 'svg', 'template', 'head', 'iframe', 'object', 'button', 'select', 'form', 'figure']);
const blockTags = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'section', 'article', 'main', 'header', 'footer', 'aside', 'blockquote', 'table', 'tr', 'td', 'th', 'dd', 'dt', 'hr', 'body']);
const headingTag = /^h[1-6]$/;

function htmlBlocks(text: string, headings: string[]): Block[] {
  const blocks: Block[] = [];
  let skipDepth = 0;
  let heading = false;
  let current = '';
  const flush = () => {
    const block = clean(current);
    if (block && heading) headings.push(block);
    else if (block) blocks.push({ text: block });
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (skipped.has(name)) skipDepth++;
        else if (blockTags.has(name) || headingTag.test(name)) {
          flush();
          heading = headingTag.test(name);
        }
      },
      ontext(data) {
        if (skipDepth === 0) current += data;
      },
      onclosetag(name, implied) {
        if (skipped.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if ((blockTags.has(name) || headingTag.test(name)) && !implied) {
          flush();
          heading = false;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(text);
  parser.end();
  flush();
  return blocks;
}

// ---- Transcripts -----------------------------------------------------------------------------

const stamp = String.raw`[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]?`;
const nameWord = String.raw`\p{Lu}[\p{L}'’.-]{0,24}`;
const name = String.raw`(?:Speaker\s?\d{1,2}|${nameWord}(?: ${nameWord}){0,3})`;
/** "Maria: …", "MARIA LOPEZ: …", "[00:01:02] Maria: …", "Speaker 1 (00:05): …", "**Maria:** …". */
const labelled = new RegExp(String.raw`^\s{0,8}(?:${stamp}\s{0,4})?(?:[-–—]\s{0,2})?\*{0,2}(${name})\*{0,2}\s{0,4}(?:${stamp}\s{0,4})?\*{0,2}:\*{0,2}(?:\s+(.*))?$`, 'u');
/** "Maria Lopez  00:12" on a line of its own (Otter, Zoom, Descript exports), the turn below it. */
const header = new RegExp(String.raw`^\s{0,8}(${name})\s{1,8}${stamp}\s*$`, 'u');
/** WebVTT's voice span: "<v Maria Lopez>…" or "<v.loud Maria>…". */
const voice = /^\s{0,8}<v(?:\.[\w.-]{1,40})?\s+([^>]{1,60})>(.*)$/u;
const cueTiming = /-->|^\s*\d{1,6}\s*$|^\uFEFF?WEBVTT|^(?:NOTE|STYLE|REGION)\b/;
/** Labels that head prose rather than a turn ("Note: …", "Step 2: …"). */
const notSpeakers = new Set([
  'note',
  'notes',
  'warning',
  'tip',
  'example',
  'step',
  'update',
  'edit',
  'source',
  'summary',
  'important',
  'ps',
  'p.s.',
  'http',
  'https',
  'caution',
  'todo',
  'question',
  'answer',
  'title',
  'date',
  'time',
  'location',
]);

interface Turn {
  speaker?: string;
  lines: string[];
}

/**
 * The text's turns, and whether they make it a transcript: three turns or more, a speaker who
 * returns, turns heading a fifth of the lines. A label of one word said once ("Honestly: …") is
 * more likely speech than a speaker, and stays in the turn.
 */
function turnsOf(lines: readonly string[]): { turns: Turn[]; transcript: boolean } {
  const read: Array<{ line: string; speaker: string | null; text?: string }> = [];
  const seen = new Map<string, number>();
  let nonBlank = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    nonBlank++;
    if (cueTiming.test(line)) continue;
    const match = voice.exec(line) ?? labelled.exec(line) ?? header.exec(line);
    const speaker = match ? speakerName(match[1] as string) : null;
    if (speaker) seen.set(speaker, (seen.get(speaker) ?? 0) + 1);
    read.push({ line, speaker, text: match?.[2] });
  }
  const isSpeaker = (name: string) => (seen.get(name) ?? 0) >= 2 || /[\s\d]/.test(name) || /^\p{Lu}{2,}$/u.test(name);
  const turns: Turn[] = [];
  let current: Turn = { lines: [] };
  let labels = 0;
  for (const entry of read) {
    if (!entry.speaker || !isSpeaker(entry.speaker)) {
      current.lines.push(entry.line);
      continue;
    }
    labels++;
    if (current.lines.length || current.speaker) turns.push(current);
    current = { speaker: entry.speaker, lines: entry.text ? [entry.text] : [] };
  }
  turns.push(current);
  const returning = [...seen.values()].some((count) => count >= 2);
  return { turns, transcript: labels >= 3 && returning && labels * 5 >= nonBlank };
}

/** A label as a name: "MARIA LOPEZ" → "Maria Lopez"; labels that head prose are none. */
function speakerName(label: string): string | null {
  const trimmed = label.replace(/\s+/g, ' ').trim();
  if (notSpeakers.has(trimmed.toLowerCase())) return null;
  if (trimmed !== trimmed.toUpperCase() || /\d/.test(trimmed)) return trimmed;
  return trimmed.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** "[laughs]", "[00:12:04]", "(crosstalk)", "(inaudible 00:14)": said by no one. */
const stageDirections =
  /\[[^\]\n]{0,60}\]|\((?:laugh|laughs|laughing|laughter|crosstalk|cross-talk|inaudible|unintelligible|music|applause|pause|silence|sighs?|coughs?|chuckles?|background noise|overlapping|audio cuts out|indistinct)\b[^)\n]{0,30}\)|<\/?[a-z][^<>\n]{0,40}>|\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,3})?/giu;
/** Hesitations inside a sentence: "so, um, we" → "so, we". */
const hesitations = /(^|[\s,])(?:um+|uh+|erm+|er|uhm+|hmm+)(?:,|(?=[\s.!?…]))/giu;

function transcriptBlocks(text: string): Block[] {
  const { turns } = turnsOf(text.split('\n'));
  // A turn's lines are one stream of speech (cues break mid-sentence); lines no one says (a title, notes) stay apart.
  const vtt = /^\uFEFF?WEBVTT/.test(text);
  return turns
    .map((turn) => ({
      text: turn.lines
        .join(turn.speaker || vtt ? ' ' : '\n')
        .replace(stageDirections, ' ')
        .replace(hesitations, '$1')
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ +([,.;:!?…])/g, '$1')
        .replace(/^[\s,.;:-]+/, '')
        .trim()
        .replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()),
      ...(turn.speaker ? { speaker: turn.speaker } : {}),
    }))
    .filter((block) => block.text);
}

const fillers = new Set(
  'yeah yes yep yup no nope right okay ok mm mmm mhm mm-hmm uh-huh hmm um uh oh ah wow sure exactly totally absolutely definitely cool great nice true interesting so well and but anyway i see thanks thank you for having me'.split(
    ' ',
  ),
);

/** "Yeah.", "Mm-hmm, right.", "Thank you.": turns of talk, not content. */
function fillerOnly(sentence: string): boolean {
  const words = sentence.toLowerCase().match(/[\p{L}'’-]+/gu) ?? [];
  return words.length < 6 && words.every((word) => fillers.has(word));
}
