import { capitalize as up } from '../text.js';
import type { PageFrames } from './types.js';

// A topic stands as the apposition of "Thema" ("beim Thema gesunde Ernährung"), where it keeps the case the caller
// wrote, or alone before a colon; never after a preposition that would decline it.
const fuer = (audience: string | null) => (audience ? ` für ${audience}` : '');

// Formal "Sie". A slot never follows a word that would need its article or case ending ("zu der", "des"): the name
// stands alone, after "von", "an" or "bei", or as the subject.
export const de: PageFrames = {
  lang: 'de',
  from: (price) => `ab ${price}`,
  audience: (who) => `Für ${who}`,
  headings: {
    offerings: 'Unser Angebot',
    pricing: 'Preise',
    faq: 'Häufige Fragen',
    testimonials: 'Das sagen unsere Kunden',
    hours: 'Öffnungszeiten',
    visit: 'Besuchen Sie uns',
    contact: (name) => `${name} kontaktieren`,
    booking: (name) => `Bei ${name} buchen`,
    newsletter: (name) => `Der Newsletter von ${name}`,
    waitlist: (name) => `Auf die Warteliste von ${name}`,
    leadMagnet: (offer) => `${offer} erhalten`,
    countdown: (name) => name,
  },
  nav: { offerings: 'Angebot', pricing: 'Preise', testimonials: 'Bewertungen', faq: 'FAQ', form: 'Kontakt', countdown: 'Countdown', features: 'Über uns', visit: 'Anfahrt' },
  buttons: {
    contact: 'Kontakt aufnehmen',
    send: 'Nachricht senden',
    book: 'Buchung anfragen',
    subscribe: 'Abonnieren',
    waitlist: 'Auf die Warteliste',
    lead: 'Jetzt anfordern',
    offerings: 'Zum Angebot',
  },
  fields: {
    name: 'Ihr Name',
    firstName: 'Vorname',
    email: 'E-Mail-Adresse',
    phone: 'Telefon',
    message: 'Nachricht',
    service: 'Leistung',
    date: 'Wunschdatum',
    time: 'Wunschuhrzeit',
    notes: 'Gibt es etwas, das wir wissen sollten?',
    company: 'Firma',
  },
  success: {
    message: 'Vielen Dank! Ihre Nachricht wurde gesendet.',
    booking: 'Vielen Dank! Ihre Buchungsanfrage wurde gesendet.',
    waitlist: 'Vielen Dank! Sie stehen jetzt auf der Warteliste.',
    newsletter: 'Vielen Dank für Ihre Anmeldung!',
    lead: 'Vielen Dank! Ihre Anfrage wurde gesendet.',
  },
  sentences: {
    offers: (name, list) => `${name} bietet ${list} an.`,
    contactIntro: (name) => `Senden Sie eine Nachricht an ${name}.`,
    bookingIntro: (name) => `Teilen Sie ${name} mit, welche Leistung Sie wünschen und wann.`,
    waitlistIntro: (name) => `Hinterlassen Sie Ihre E-Mail-Adresse, um zu erfahren, wann ${name} öffnet.`,
    newsletterIntro: (name) => `Erhalten Sie Neuigkeiten von ${name} per E-Mail.`,
    leadIntro: (offer) => `Hinterlassen Sie Ihre E-Mail-Adresse, um ${offer} zu erhalten.`,
    consent: (name) => `Mit dem Absenden dieses Formulars stimmen Sie zu, E-Mails von ${name} zu erhalten.`,
    countdownIntro: (what, date) => `${what}: ${date}.`,
  },
  examples: {
    note: 'Beispieltext: Ersetzen Sie ihn vor der Veröffentlichung durch Ihren eigenen.',
    faq: [
      { question: 'Beispielfrage: Was fragen Ihre Kunden Sie häufig?', answer: 'Beispielantwort: Schreiben Sie hier Ihre eigene Antwort.' },
      { question: 'Beispielfrage: Wie fängt man am besten an?', answer: 'Beispielantwort: Beschreiben Sie hier den ersten Schritt.' },
    ],
    testimonial: { quote: 'Beispielzitat: die Worte eines Kunden, mit seiner Erlaubnis.', name: 'Name des Kunden' },
    tier: { name: 'Beispieltarif', price: 'Ihr Preis' },
    feature: { title: 'Beispiel: ein Grund, sich für Sie zu entscheiden', text: 'Beispieltext: Beschreiben Sie mit eigenen Worten, was Ihr Unternehmen von anderen unterscheidet.' },
  },
  pack: {
    greeting: 'Guten Tag,',
    hours: (name, lines) => `Öffnungszeiten von ${name}: ${lines}.`,
    address: (name, address) => `Sie finden ${name} unter folgender Adresse: ${address}.`,
    contact: (list) => `Kontakt: ${list}.`,
    questions: {
      hours: (name) => `Wann hat ${name} geöffnet?`,
      address: (name) => `Wo finde ich ${name}?`,
      price: (offering) => `Was kostet ${offering}?`,
      contact: (name) => `Wie erreiche ich ${name}?`,
    },
    price: (offering, price) => `${offering}: ${price}.`,
  },
  topic: {
    titles: [
      (topic, audience) => `${up(topic)}: ein praktischer Leitfaden${fuer(audience)}`,
      (topic, audience) => `${up(topic)}${fuer(audience)}, Schritt für Schritt erklärt`,
      (topic, audience) => `Das Wichtigste zum Thema ${topic}${fuer(audience)}`,
    ],
    openers: {
      professional: [
        (topic, audience) => `Beim Thema ${topic}${fuer(audience)} beginnt alles mit einem klaren Ziel und einem einfachen Plan.`,
        (topic, audience) => `Beim Thema ${topic}${fuer(audience)} zahlen sich kleine Verbesserungen mit der Zeit aus.`,
      ],
      friendly: [
        (topic, audience) => `Ganz ehrlich: Das Thema ${topic} kann anfangs überwältigend wirken${audience ? `, gerade für ${audience}` : ''}.`,
        (topic, audience) => `Die gute Nachricht${fuer(audience)}: Beim Thema ${topic} kommen Sie Schritt für Schritt voran.`,
      ],
      bold: [
        (topic, audience) => `Schluss mit dem Grübeln beim Thema ${topic}${fuer(audience)}: Beginnen Sie mit einem klaren Ziel.`,
        (topic, audience) => `Beim Thema ${topic}${fuer(audience)} schlägt ein guter Plan jede Improvisation.`,
      ],
    },
    steps: {
      goal: [
        (topic) => `Schreiben Sie zuerst in einem Satz auf, was Sie beim Thema ${topic} erreichen wollen.`,
        (topic) => `Legen Sie fest, wie Erfolg aussieht, bevor Sie beim Thema ${topic} etwas ändern.`,
      ],
      step: ['Wählen Sie einen kleinen, messbaren Schritt und setzen Sie ihn diese Woche um.', 'Wählen Sie eine einzige Änderung, die Sie in Tagen statt Monaten testen können.'],
      measure: ['Messen Sie das Ergebnis ehrlich und behalten Sie, was funktioniert.', 'Messen Sie vorher und nachher: Die Zahlen zeigen, was sich lohnt.'],
      habit: ['Machen Sie die Routine leicht wiederholbar: Beständigkeit schlägt Intensität.', 'Machen Sie aus dem, was funktioniert hat, eine Checkliste zum Wiederholen.'],
      review: [
        (topic) => `Teilen Sie, was Sie zum Thema ${topic} lernen: Das hilft anderen und schärft Ihr eigenes Denken.`,
        (topic) => `Überprüfen Sie Ihren Ansatz beim Thema ${topic} jeden Monat und passen Sie ihn an.`,
      ],
    },
    headings: [
      ['Warum es wichtig ist', 'Zuerst das Ziel'],
      ['Wo Sie anfangen', 'Ein einfacher Plan'],
      ['Behalten, was funktioniert', 'Dranbleiben'],
    ],
    meta: (topic, audience) => `Ein kurzer, praktischer Leitfaden zum Thema ${topic}${fuer(audience)}: wo Sie anfangen, was Sie messen und was Sie behalten.`,
    intros: [
      (topic, audience) => `Dieser Leitfaden führt Schritt für Schritt durch das Thema ${topic}${fuer(audience)}.`,
      (topic, audience) => `Ein kurzer, praktischer Blick auf das Thema ${topic}${fuer(audience)}.`,
    ],
    conclusions: [(topic) => `Beim Thema ${topic} gilt: klein anfangen, messen und behalten, was funktioniert.`, (topic) => `Beim Thema ${topic} lohnt sich stetiger, überlegter Einsatz.`],
    hooks: {
      professional: [(topic) => `${up(topic)}: Was ich allen rate, die heute anfangen.`, (topic) => `Ein paar Erkenntnisse zum Thema ${topic}, die sich lohnen.`],
      friendly: [(topic) => `Lassen Sie uns kurz über das Thema ${topic} sprechen.`, (topic) => `Ein paar Dinge, die man zum Thema ${topic} wissen sollte.`],
      bold: [(topic) => `Schluss mit dem Verkomplizieren beim Thema ${topic}.`, (topic) => `Unpopuläre Meinung: Beim Thema ${topic} gewinnt das Einfache.`],
    },
    questions: ['Was würden Sie ergänzen?', 'Wie gehen Sie das an?', 'Sehen Sie das auch so?'],
    subjects: [(topic) => `${up(topic)}: ein kurzer Leitfaden`, (topic) => `${up(topic)}: das Wichtigste`, (topic) => `${up(topic)}, einfach erklärt`],
    preheader: (topic) => `Eine kurze, praktische Lektüre zum Thema ${topic}.`,
    greetings: { professional: ['Guten Tag,', 'Hallo,'], friendly: ['Hallo!', 'Hallo zusammen!'], bold: ['Direkt zur Sache:', 'Kurz und knapp:'] },
    signoffs: ['Danke fürs Lesen.', 'Bis bald.'],
    threadHooks: [(topic, audience) => `${up(topic)}${fuer(audience)}, Punkt für Punkt 🧵`, (topic, audience) => `Ein Thread zum Thema ${topic}${fuer(audience)} 🧵`],
    threadEnds: ['Das war’s. Speichern Sie diesen Thread für später.', 'Folgen Sie mir für mehr Inhalte wie diesen.'],
    benefits: ['Ein klares Ziel von Anfang an', 'Ein kleiner Schritt nach dem anderen', 'Messen und behalten, was funktioniert'],
    faq: { about: (topic) => `Was sollte man zum Thema ${topic} wissen?`, start: 'Wo fange ich an?', step: 'Was ist ein guter erster Schritt?' },
    cta: [(topic) => `Bereit für den Einstieg ins Thema ${topic}?`, (topic) => `Machen Sie den ersten Schritt beim Thema ${topic}`],
    buttons: ['Jetzt starten', 'Mehr erfahren', 'Heute beginnen'],
  },
  remaining: (days, hours, minutes) => `Noch ${days} T. ${hours} Std. ${minutes} Min.`,
  chrome: {
    sending: 'Wird gesendet…',
    skip: 'Zum Inhalt springen',
    choose: 'Bitte wählen…',
    popular: 'Am beliebtesten',
    trap: 'Dieses Feld bitte leer lassen',
    ended: 'Es hat begonnen!',
    sent: 'Vielen Dank!',
    failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    offline: 'Senden nicht möglich. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    closed: 'Geschlossen',
    address: 'Adresse',
    phone: 'Telefon',
    email: 'E-Mail',
  },
};
