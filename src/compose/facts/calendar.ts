/** Month and weekday words in the five languages, and the next occurrence of a year-less day. */

// prettier-ignore
export const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7,
  august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9,
  octubre: 10, noviembre: 11, diciembre: 12,
  janeiro: 1, fevereiro: 2, 'março': 3, maio: 5, junho: 6, julho: 7, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
  januar: 1, 'jänner': 1, februar: 2, 'märz': 3, mai: 5, juni: 6, juli: 7, oktober: 10, dezember: 12,
  janvier: 1, 'février': 2, mars: 3, avril: 4, juin: 6, juillet: 7, 'août': 8, septembre: 9, octobre: 10, novembre: 11, 'décembre': 12,
};

export const MONTH_ALTERNATION = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

// Weekday words by language; English is read in every prompt (prompts mix it in), the others in their own.
// prettier-ignore
export const WEEKDAYS: Record<string, Record<string, number>> = {
  en: {
    monday: 1, mondays: 1, mon: 1, tuesday: 2, tuesdays: 2, tue: 2, tues: 2, tu: 2, wednesday: 3, wednesdays: 3, wed: 3,
    thursday: 4, thursdays: 4, thu: 4, thur: 4, thurs: 4, th: 4, friday: 5, fridays: 5, fri: 5, saturday: 6, saturdays: 6,
    sat: 6, sunday: 7, sundays: 7, sun: 7, m: 1, w: 3, f: 5,
  },
  es: {
    lunes: 1, lun: 1, martes: 2, 'miércoles': 3, miercoles: 3, 'mié': 3, mie: 3, jueves: 4, jue: 4, viernes: 5, vie: 5,
    'sábado': 6, 'sábados': 6, sabado: 6, sabados: 6, 'sáb': 6, domingo: 7, domingos: 7, dom: 7,
  },
  pt: {
    segunda: 1, 'segunda-feira': 1, 'segundas': 1, seg: 1, 'terça': 2, 'terça-feira': 2, 'terças': 2, ter: 2, quarta: 3, 'quarta-feira': 3, 'quartas': 3, qua: 3,
    quinta: 4, 'quinta-feira': 4, 'quintas': 4, qui: 4, sexta: 5, 'sexta-feira': 5, 'sextas': 5, sex: 5, 'sábado': 6, 'sábados': 6, 'sáb': 6,
    domingo: 7, domingos: 7, dom: 7,
  },
  de: {
    montag: 1, montags: 1, mo: 1, dienstag: 2, dienstags: 2, di: 2, mittwoch: 3, mittwochs: 3, mi: 3, donnerstag: 4,
    donnerstags: 4, do: 4, freitag: 5, freitags: 5, fr: 5, samstag: 6, samstags: 6, sa: 6, sonntag: 7, sonntags: 7, so: 7,
  },
  fr: {
    lundi: 1, lundis: 1, lun: 1, mardi: 2, mardis: 2, mercredi: 3, mercredis: 3, mer: 3, jeudi: 4, jeudis: 4, jeu: 4,
    vendredi: 5, vendredis: 5, ven: 5, samedi: 6, samedis: 6, sam: 6, dimanche: 7, dimanches: 7, dim: 7,
  },
};

/** Words for several days at once. */
// prettier-ignore
export const DAY_GROUPS: Record<string, number[]> = {
  weekdays: [1, 2, 3, 4, 5], weekday: [1, 2, 3, 4, 5], weekends: [6, 7], weekend: [6, 7], daily: [1, 2, 3, 4, 5, 6, 7],
  'every day': [1, 2, 3, 4, 5, 6, 7], '7 days': [1, 2, 3, 4, 5, 6, 7], 'seven days a week': [1, 2, 3, 4, 5, 6, 7],
  'täglich': [1, 2, 3, 4, 5, 6, 7], werktags: [1, 2, 3, 4, 5], 'todos los días': [1, 2, 3, 4, 5, 6, 7],
  'todos os dias': [1, 2, 3, 4, 5, 6, 7], 'tous les jours': [1, 2, 3, 4, 5, 6, 7], 'fines de semana': [6, 7],
  'fin de semana': [6, 7], 'fins de semana': [6, 7], 'fim de semana': [6, 7], 'week-end': [6, 7], 'week-ends': [6, 7],
  wochenende: [6, 7], 'dias úteis': [1, 2, 3, 4, 5], 'días laborables': [1, 2, 3, 4, 5], 'en semaine': [1, 2, 3, 4, 5], '7 jours sur 7': [1, 2, 3, 4, 5, 6, 7], '7 días a la semana': [1, 2, 3, 4, 5, 6, 7], '7 dias por semana': [1, 2, 3, 4, 5, 6, 7], '7 Tage die Woche': [1, 2, 3, 4, 5, 6, 7],
};

export function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A day without a year: its next occurrence after the reference date ("YYYY-MM-DD"). */
export function nextOccurrence(month: number, day: number, referenceDate: string): string | null {
  const year = Number(referenceDate.slice(0, 4));
  const thisYear = isoDate(year, month, day);
  if (thisYear && thisYear > referenceDate) return thisYear;
  return isoDate(year + 1, month, day);
}
