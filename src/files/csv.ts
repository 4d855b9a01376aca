/**
 * CSV as agents paste it (spreadsheet and CRM exports): csv-parse reads the records (quotes, a BOM, line
 * breaks inside quotes); this file picks the delimiter, refuses text too large to be what it claims before
 * parsing, and says where a row starts only when a caller asks (csv-parse's `info` costs more than the parse).
 */
import { parse } from 'csv-parse/sync';
import { OutcomeError } from '../kernel/errors.js';

/** Delimiters exports use: comma, semicolon (spreadsheets in locales with a decimal comma), tab, pipe. */
const delimiters = [',', ';', '\t', '|'] as const;

/** Whichever of the usual delimiters the header line (outside quotes) holds most of; a comma when none. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text.slice(0, 4000)) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') break;
    else if ((delimiters as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const candidate of delimiters) if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate;
  return best;
}

/** A delimiter as a message names it. */
export const delimiterName = (delimiter: string) => (delimiter === '\t' ? 'a tab' : `"${delimiter}"`);

export interface CsvLimits {
  /** The input's name in messages: `leads`, `listings`. */
  field: string;
  /** Most lines of text (a quoted value may span lines), checked before parsing. */
  maxLines: number;
  /** Most values on one line, checked before parsing: a line of a million commas is not a row. */
  maxFields: number;
  /** Most characters in one record. */
  maxRecordChars: number;
  /** Most records read (the header included); a caller refuses more with its own message. */
  maxRecords?: number;
  /** How a caller fixes a text over `maxLines`: "send at most 2,000 listings". */
  tooLong: string;
  /** Every row's line is wanted (not only a refused row's): read them in the one parse. */
  everyLine?: boolean;
}

export interface CsvTable {
  header: string[];
  /** The data rows, trimmed; a row may have fewer or more values than the header. */
  rows: string[][];
  delimiter: string;
  /** The 1-based line of the text on which data row `index` (0-based) starts, for messages. */
  lineOf: (index: number) => number;
}

/** One pass over the text, outside quotes: too many lines, or too many values in a line, are refused up front. */
function checkShape(text: string, delimiter: string, limits: CsvLimits): void {
  let quoted = false;
  let fields = 1;
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') {
      fields = 1;
      lines += 1;
      if (lines > limits.maxLines) throw new OutcomeError('invalid_input', `${limits.field}: more than ${limits.maxLines.toLocaleString('en-US')} lines of CSV; ${limits.tooLong}.`);
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter && ++fields > limits.maxFields) {
      throw new OutcomeError('invalid_input', `${limits.field}: line ${lines} has more than ${limits.maxFields} values; a file has at most ${limits.maxFields} columns.`);
    }
  }
}

function records(text: string, delimiter: string, limits: CsvLimits, info: boolean): unknown[] {
  try {
    // Rows of any length are read: a caller refuses one with a value too many on its own, not the whole file.
    return parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info,
      max_record_size: limits.maxRecordChars,
      ...(limits.maxRecords ? { to: limits.maxRecords } : {}),
    });
  } catch (error) {
    throw new OutcomeError(
      'invalid_input',
      `${limits.field}: the CSV does not parse (${(error as Error).message}); the delimiter read was ${delimiterName(delimiter)}. Send a header line of column names, then one row per line, with double quotes around values that hold the delimiter, quotes or line breaks.`,
    );
  }
}

/** A CSV's header and rows; an empty text has an empty header and no rows. */
export function readCsv(text: string, limits: CsvLimits): CsvTable {
  const delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''));
  checkShape(text, delimiter, limits);
  // info.lines is the line a record ends on: less the line breaks inside its values, the one it starts on.
  const startsOf = (read: Array<{ record: string[]; info: { lines: number } }>) =>
    read.slice(1).map(({ record, info }) => info.lines - record.reduce((sum, cell) => sum + cell.split('\n').length - 1, 0));
  if (limits.everyLine) {
    const read = records(text, delimiter, limits, true) as Array<{ record: string[]; info: { lines: number } }>;
    const starts = startsOf(read);
    return { header: read[0]?.record ?? [], rows: read.slice(1).map(({ record }) => record), delimiter, lineOf: (index) => starts[index] ?? 0 };
  }
  const [header = [], ...rows] = records(text, delimiter, limits, false) as string[][];
  let starts: number[] | undefined;
  const lineOf = (index: number) => {
    starts ??= startsOf(records(text, delimiter, limits, true) as Array<{ record: string[]; info: { lines: number } }>);
    return starts[index] ?? 0;
  };
  return { header, rows, delimiter, lineOf };
}
