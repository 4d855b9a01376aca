/**
 * When a step goes out: business days (Monday to Friday) after the start, inside the send window, in the lead's
 * own time zone (Intl: daylight saving included).
 */

export interface SendWindow {
  /** "HH:MM", local to the lead. */
  start: string;
  end: string;
}

export const stopConditions = ['reply', 'bounce', 'unsubscribe', 'meeting_booked'] as const;
export type StopCondition = (typeof stopConditions)[number];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday. */
  weekday: number;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function localTime(at: Date, zone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(at)) parts[part.type] = part.value;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), weekday: weekdays.indexOf(parts.weekday ?? 'Sun') };
}

/** The instant a wall-clock time in `zone` names (the earlier one when a clock change repeats it). */
export function zonedInstant(date: { year: number; month: number; day: number }, minutes: number, zone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, Math.floor(minutes / 60), minutes % 60);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const local = localTime(new Date(guess), zone);
    const shown = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
    const drift = shown - wall;
    if (drift === 0) break;
    guess -= drift;
  }
  return new Date(guess);
}

const addDays = (date: { year: number; month: number; day: number }, days: number) => {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), weekday: next.getUTCDay() };
};
const isBusinessDay = (weekday: number) => weekday >= 1 && weekday <= 5;

/**
 * The first send time of a step `day` business days after `from`: day 0 is the first business day whose window
 * has not closed yet at `from` (in the lead's zone); inside the window, at its start, or at `from` if it is open.
 * `stagger` minutes (less than the window) spread a day's sends over it.
 */
export function sendTime(from: Date, day: number, zone: string, window: SendWindow, stagger = 0): Date {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  const now = localTime(from, zone);
  const nowMinutes = now.hour * 60 + now.minute;
  let date = { year: now.year, month: now.month, day: now.day, weekday: now.weekday };
  if (!isBusinessDay(date.weekday) || nowMinutes >= end) {
    do date = addDays(date, 1);
    while (!isBusinessDay(date.weekday));
  }
  for (let left = day; left > 0;) {
    date = addDays(date, 1);
    if (isBusinessDay(date.weekday)) left -= 1;
  }
  const offset = Math.min(Math.max(0, stagger), Math.max(0, end - start - 1));
  const at = zonedInstant(date, start + offset, zone);
  return at < from ? from : at;
}

/**
 * The first moment in the window on or after a local date (an away reply's return day): counted from midnight in
 * the lead's zone, since UTC midnight is still the day before west of Greenwich.
 */
export function firstSendOn(date: string, zone: string, window: SendWindow): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return sendTime(zonedInstant({ year, month, day }, 0, zone), 0, zone, window);
}

/** Whether `at` falls inside a business day's window in `zone`. */
export function insideWindow(at: Date, zone: string, window: SendWindow): boolean {
  const local = localTime(at, zone);
  const minutes = local.hour * 60 + local.minute;
  return isBusinessDay(local.weekday) && minutes >= minutesOf(window.start) && minutes < minutesOf(window.end);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a zone: the day a daily cap counts. */
export function localDate(at: Date, zone: string): string {
  const local = localTime(at, zone);
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}
