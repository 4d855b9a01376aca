/**
 * What a course site prints besides the caller's words, in its language: the marks on the lesson
 * list, buttons, headings, the sentences made of the caller's facts (when a lesson opens, what a
 * tier costs) and the notices of the public routes. A language without a set gets English, and
 * the page says `lang="en"` (WCAG 3.1.1).
 */

/** A notice page: its heading and one sentence. */
export interface SiteNotice {
  title: string;
  message: string;
}

/** Every date a set receives is an ISO date (`2026-11-24`, or a timestamp that starts with one). */
export interface SiteWords {
  marks: { done: string; open: string; preview: string; locked: string; members_only: string };
  minutes: (count: number) => string;
  outline: string;
  key_points: string;
  exercises: string;
  no_text: string;
  offline_note: string;
  /** A locked lesson: the day it opens, and the lesson to complete first when there is one. */
  opens_on: (date: string, after?: string) => string;
  /** Why a visitor cannot read a lesson. */
  members_only: string;
  join: string;
  price: { month: (amount: string) => string; year: (amount: string) => string; lifetime: (amount: string) => string };
  trial: (days: number) => string;
  join_tier: (tier: string) => string;
  signed_in_as: (email: string) => string;
  manage_billing: string;
  sign_out: string;
  already_member: string;
  email_label: string;
  send_link: string;
  progress: (done: number, total: number) => string;
  mark_done: string;
  all_lessons: string;
  previous: (title: string) => string;
  next: (title: string) => string;
  /** The pages' meta description. */
  description: (course: string, lessons: number, brand: string) => string;
  notices: {
    check_email: SiteNotice;
    check_inbox: SiteNotice;
    /** The page an emailed link opens: a button signs in, so that a mail scanner fetching the link spends nothing. */
    confirm_sign_in: SiteNotice & { button: string };
    link_invalid: SiteNotice;
    sign_in_to_track: SiteNotice;
    sign_in_for_billing: SiteNotice;
    checkout_unavailable: SiteNotice;
    billing_unavailable: SiteNotice;
    /** A member whose last payment failed, with the day their access ends. */
    past_due: (until: string) => string;
  };
}

/** Writes an ISO date the way the page's language does. */
type Day = (date: string) => string;

const en = (day: Day): SiteWords => ({
  marks: { done: 'Done', open: 'Open', preview: 'Free preview', locked: 'Locked', members_only: 'Members only' },
  minutes: (count) => `${count} min`,
  outline: 'In this lesson',
  key_points: 'Key points',
  exercises: 'Exercises',
  no_text: 'This lesson has no text yet.',
  offline_note: 'This is the downloaded copy of the course: every lesson is included. On the hosted site, lessons open for each member on the schedule.',
  opens_on: (date, after) => `Opens on ${day(date)}${after ? ` and once you complete “${after}”` : ''}.`,
  members_only: 'This lesson is for members: join or sign in on the course page.',
  join: 'Join',
  price: { month: (amount) => `${amount} per month`, year: (amount) => `${amount} per year`, lifetime: (amount) => `${amount} once` },
  trial: (days) => `${days}-day free trial`,
  join_tier: (tier) => `Join: ${tier}`,
  signed_in_as: (email) => `Signed in as ${email}.`,
  manage_billing: 'Manage billing',
  sign_out: 'Sign out',
  already_member: 'Already a member?',
  email_label: 'Your email address',
  send_link: 'Email me a sign-in link',
  progress: (done, total) => `${done} of ${total} lessons done`,
  mark_done: 'Mark as done',
  all_lessons: 'All lessons',
  previous: (title) => `Previous: ${title}`,
  next: (title) => `Next: ${title}`,
  description: (course, lessons, brand) => `${course}: ${lessons} ${lessons === 1 ? 'lesson' : 'lessons'} from ${brand}.`,
  notices: {
    check_email: { title: 'Check your email address', message: 'Please enter the email address you joined with.' },
    check_inbox: { title: 'Check your inbox', message: 'If that address belongs to a member, a sign-in link is on its way. It works once, for 15 minutes.' },
    confirm_sign_in: { title: 'Sign in', message: 'Press the button to sign in to the course on this device.', button: 'Sign in' },
    link_invalid: { title: 'This link does not work', message: 'Sign-in links work once, for 15 minutes. Ask for a new one on the course page.' },
    sign_in_to_track: { title: 'Please sign in', message: 'Sign in to keep track of the lessons you have done.' },
    sign_in_for_billing: { title: 'Please sign in', message: 'Sign in as a paying member to manage your billing.' },
    checkout_unavailable: { title: 'Checkout is not available', message: 'Checkout is not configured on this server yet; please contact the course owner.' },
    billing_unavailable: { title: 'Billing is not available', message: 'Billing is not configured on this server yet; please contact the course owner.' },
    past_due: (until) => `Your last payment did not go through. Your access continues until ${day(until)}; update your payment details under Manage billing.`,
  },
});

const de = (day: Day): SiteWords => ({
  marks: { done: 'Erledigt', open: 'Verfügbar', preview: 'Kostenlose Vorschau', locked: 'Gesperrt', members_only: 'Nur für Mitglieder' },
  minutes: (count) => `${count} Min.`,
  outline: 'In dieser Lektion',
  key_points: 'Das Wichtigste',
  exercises: 'Übungen',
  no_text: 'Für diese Lektion gibt es noch keinen Text.',
  offline_note: 'Dies ist die heruntergeladene Fassung des Kurses mit allen Lektionen. Auf der Kurswebsite werden die Lektionen für jedes Mitglied nach Zeitplan freigeschaltet.',
  opens_on: (date, after) => `Verfügbar ab ${day(date)}${after ? `, sobald Sie „${after}“ abgeschlossen haben` : ''}.`,
  members_only: 'Diese Lektion ist Mitgliedern vorbehalten: Werden Sie auf der Kursseite Mitglied oder melden Sie sich dort an.',
  join: 'Mitglied werden',
  price: { month: (amount) => `${amount} pro Monat`, year: (amount) => `${amount} pro Jahr`, lifetime: (amount) => `${amount} einmalig` },
  trial: (days) => (days === 1 ? '1 Tag kostenlos testen' : `${days} Tage kostenlos testen`),
  join_tier: (tier) => `Mitglied werden: ${tier}`,
  signed_in_as: (email) => `Angemeldet als ${email}.`,
  manage_billing: 'Zahlungen verwalten',
  sign_out: 'Abmelden',
  already_member: 'Schon Mitglied?',
  email_label: 'Ihre E-Mail-Adresse',
  send_link: 'Anmeldelink per E-Mail senden',
  progress: (done, total) => `${done} von ${total} Lektionen erledigt`,
  mark_done: 'Als erledigt markieren',
  all_lessons: 'Alle Lektionen',
  previous: (title) => `Zurück: ${title}`,
  next: (title) => `Weiter: ${title}`,
  description: (course, lessons, brand) => `${course}: ${lessons} ${lessons === 1 ? 'Lektion' : 'Lektionen'} von ${brand}.`,
  notices: {
    check_email: { title: 'Bitte prüfen Sie Ihre E-Mail-Adresse', message: 'Bitte geben Sie die E-Mail-Adresse ein, mit der Sie Mitglied geworden sind.' },
    check_inbox: { title: 'Sehen Sie in Ihr Postfach', message: 'Wenn diese Adresse zu einem Mitglied gehört, ist ein Anmeldelink unterwegs. Er gilt einmal und 15 Minuten lang.' },
    confirm_sign_in: { title: 'Anmelden', message: 'Drücken Sie die Schaltfläche, um sich auf diesem Gerät beim Kurs anzumelden.', button: 'Anmelden' },
    link_invalid: { title: 'Dieser Link funktioniert nicht', message: 'Anmeldelinks gelten einmal und 15 Minuten lang. Fordern Sie auf der Kursseite einen neuen an.' },
    sign_in_to_track: { title: 'Bitte melden Sie sich an', message: 'Melden Sie sich an, damit festgehalten wird, welche Lektionen Sie erledigt haben.' },
    sign_in_for_billing: { title: 'Bitte melden Sie sich an', message: 'Melden Sie sich als zahlendes Mitglied an, um Ihre Zahlungen zu verwalten.' },
    checkout_unavailable: { title: 'Bezahlung nicht verfügbar', message: 'Auf diesem Server ist die Bezahlung noch nicht eingerichtet. Bitte wenden Sie sich an den Anbieter des Kurses.' },
    billing_unavailable: {
      title: 'Zahlungsverwaltung nicht verfügbar',
      message: 'Auf diesem Server ist die Zahlungsverwaltung noch nicht eingerichtet. Bitte wenden Sie sich an den Anbieter des Kurses.',
    },
    past_due: (until) => `Ihre letzte Zahlung konnte nicht abgebucht werden. Ihr Zugang bleibt bis ${day(until)} bestehen; bitte aktualisieren Sie Ihre Zahlungsdaten unter „Zahlungen verwalten“.`,
  },
});

const fr = (day: Day): SiteWords => ({
  marks: { done: 'Terminée', open: 'Disponible', preview: 'Aperçu gratuit', locked: 'Verrouillée', members_only: 'Réservée aux membres' },
  minutes: (count) => `${count}\u00a0min`,
  outline: 'Dans cette leçon',
  key_points: 'À retenir',
  exercises: 'Exercices',
  no_text: 'Cette leçon n’a pas encore de texte.',
  offline_note: 'Ceci est la version téléchargée du cours\u00a0: toutes les leçons y figurent. Sur le site du cours, les leçons s’ouvrent pour chaque membre selon le calendrier.',
  opens_on: (date, after) => `Disponible à partir du ${day(date)}${after ? `, une fois la leçon «\u00a0${after}\u00a0» terminée` : ''}.`,
  members_only: 'Cette leçon est réservée aux membres\u00a0: devenez membre ou connectez-vous sur la page du cours.',
  join: 'Devenir membre',
  price: { month: (amount) => `${amount} par mois`, year: (amount) => `${amount} par an`, lifetime: (amount) => `${amount} (paiement unique)` },
  trial: (days) => (days === 1 ? '1 jour d’essai gratuit' : `${days} jours d’essai gratuit`),
  join_tier: (tier) => `Devenir membre\u00a0: ${tier}`,
  signed_in_as: (email) => `Connecté en tant que ${email}.`,
  manage_billing: 'Gérer la facturation',
  sign_out: 'Se déconnecter',
  already_member: 'Déjà membre\u00a0?',
  email_label: 'Votre adresse e-mail',
  send_link: 'Recevoir un lien de connexion',
  progress: (done, total) => (done > 1 ? `${done} leçons terminées sur ${total}` : `${done} leçon terminée sur ${total}`),
  mark_done: 'Marquer comme terminée',
  all_lessons: 'Toutes les leçons',
  previous: (title) => `Précédente\u00a0: ${title}`,
  next: (title) => `Suivante\u00a0: ${title}`,
  description: (course, lessons, brand) => `${course}\u00a0: ${lessons} ${lessons === 1 ? 'leçon proposée' : 'leçons proposées'} par ${brand}.`,
  notices: {
    check_email: { title: 'Vérifiez votre adresse e-mail', message: 'Saisissez l’adresse e-mail avec laquelle vous êtes devenu membre.' },
    check_inbox: {
      title: 'Consultez votre boîte de réception',
      message: 'Si cette adresse appartient à un membre, un lien de connexion est en route. Il ne sert qu’une fois, pendant 15\u00a0minutes.',
    },
    confirm_sign_in: { title: 'Se connecter', message: 'Appuyez sur le bouton pour vous connecter au cours sur cet appareil.', button: 'Se connecter' },
    link_invalid: { title: 'Ce lien ne fonctionne pas', message: 'Un lien de connexion ne sert qu’une fois, pendant 15\u00a0minutes. Demandez-en un nouveau sur la page du cours.' },
    sign_in_to_track: { title: 'Veuillez vous connecter', message: 'Connectez-vous pour garder la trace des leçons que vous avez terminées.' },
    sign_in_for_billing: { title: 'Veuillez vous connecter', message: 'Connectez-vous en tant que membre payant pour gérer votre facturation.' },
    checkout_unavailable: { title: 'Paiement indisponible', message: 'Le paiement n’est pas encore configuré sur ce serveur\u00a0; veuillez contacter le responsable du cours.' },
    billing_unavailable: { title: 'Facturation indisponible', message: 'La facturation n’est pas encore configurée sur ce serveur\u00a0; veuillez contacter le responsable du cours.' },
    past_due: (until) =>
      `Votre dernier paiement n’a pas abouti. Votre accès reste ouvert jusqu’au ${day(until)}\u00a0; mettez à jour vos informations de paiement sous «\u00a0Gérer la facturation\u00a0».`,
  },
});

const es = (day: Day): SiteWords => ({
  marks: { done: 'Completada', open: 'Disponible', preview: 'Vista previa gratuita', locked: 'Bloqueada', members_only: 'Solo para miembros' },
  minutes: (count) => `${count} min`,
  outline: 'En esta lección',
  key_points: 'Ideas clave',
  exercises: 'Ejercicios',
  no_text: 'Esta lección aún no tiene texto.',
  offline_note: 'Esta es la copia descargada del curso: incluye todas las lecciones. En el sitio del curso, las lecciones se abren para cada miembro según el calendario.',
  opens_on: (date, after) => `Disponible a partir del ${day(date)}${after ? `, cuando completes «${after}»` : ''}.`,
  members_only: 'Esta lección es solo para miembros: hazte miembro o inicia sesión en la página del curso.',
  join: 'Hazte miembro',
  price: { month: (amount) => `${amount} al mes`, year: (amount) => `${amount} al año`, lifetime: (amount) => `${amount} (pago único)` },
  trial: (days) => (days === 1 ? '1 día de prueba gratis' : `${days} días de prueba gratis`),
  join_tier: (tier) => `Hazte miembro: ${tier}`,
  signed_in_as: (email) => `Has iniciado sesión como ${email}.`,
  manage_billing: 'Gestionar pagos',
  sign_out: 'Cerrar sesión',
  already_member: '¿Ya eres miembro?',
  email_label: 'Tu correo electrónico',
  send_link: 'Enviarme un enlace de acceso',
  progress: (done, total) => `${done} de ${total} lecciones completadas`,
  mark_done: 'Marcar como completada',
  all_lessons: 'Todas las lecciones',
  previous: (title) => `Anterior: ${title}`,
  next: (title) => `Siguiente: ${title}`,
  description: (course, lessons, brand) => `${course}: ${lessons} ${lessons === 1 ? 'lección' : 'lecciones'} de ${brand}.`,
  notices: {
    check_email: { title: 'Revisa tu correo electrónico', message: 'Escribe la dirección de correo con la que te hiciste miembro.' },
    check_inbox: { title: 'Revisa tu bandeja de entrada', message: 'Si esa dirección pertenece a un miembro, te hemos enviado un enlace de acceso. Sirve una sola vez, durante 15 minutos.' },
    confirm_sign_in: { title: 'Iniciar sesión', message: 'Pulsa el botón para entrar al curso en este dispositivo.', button: 'Iniciar sesión' },
    link_invalid: { title: 'Este enlace no funciona', message: 'Los enlaces de acceso sirven una sola vez, durante 15 minutos. Pide uno nuevo en la página del curso.' },
    sign_in_to_track: { title: 'Inicia sesión', message: 'Inicia sesión para llevar la cuenta de las lecciones que has completado.' },
    sign_in_for_billing: { title: 'Inicia sesión', message: 'Inicia sesión como miembro de pago para gestionar tus pagos.' },
    checkout_unavailable: { title: 'Pago no disponible', message: 'El pago aún no está configurado en este servidor; ponte en contacto con el responsable del curso.' },
    billing_unavailable: { title: 'Gestión de pagos no disponible', message: 'La gestión de pagos aún no está configurada en este servidor; ponte en contacto con el responsable del curso.' },
    past_due: (until) => `No hemos podido cobrar tu último pago. Tu acceso sigue activo hasta el ${day(until)}; actualiza tus datos de pago en «Gestionar pagos».`,
  },
});

const pt = (day: Day): SiteWords => ({
  marks: { done: 'Concluída', open: 'Disponível', preview: 'Prévia gratuita', locked: 'Bloqueada', members_only: 'Exclusiva para membros' },
  minutes: (count) => `${count} min`,
  outline: 'Nesta aula',
  key_points: 'Pontos-chave',
  exercises: 'Exercícios',
  no_text: 'Esta aula ainda não tem texto.',
  offline_note: 'Esta é a cópia baixada do curso: todas as aulas estão incluídas. No site do curso, as aulas são liberadas para cada membro conforme o cronograma.',
  opens_on: (date, after) => `Disponível a partir de ${day(date)}${after ? `, depois que você concluir “${after}”` : ''}.`,
  members_only: 'Esta aula é exclusiva para membros: torne-se membro ou entre na sua conta na página do curso.',
  join: 'Torne-se membro',
  price: { month: (amount) => `${amount} por mês`, year: (amount) => `${amount} por ano`, lifetime: (amount) => `${amount} (pagamento único)` },
  trial: (days) => (days === 1 ? '1 dia de teste grátis' : `${days} dias de teste grátis`),
  join_tier: (tier) => `Torne-se membro: ${tier}`,
  signed_in_as: (email) => `Conectado como ${email}.`,
  manage_billing: 'Gerenciar pagamentos',
  sign_out: 'Sair',
  already_member: 'Já é membro?',
  email_label: 'Seu e-mail',
  send_link: 'Receber link de acesso por e-mail',
  progress: (done, total) => `${done} de ${total} aulas concluídas`,
  mark_done: 'Marcar como concluída',
  all_lessons: 'Todas as aulas',
  previous: (title) => `Anterior: ${title}`,
  next: (title) => `Próxima: ${title}`,
  description: (course, lessons, brand) => `${course}: ${lessons} ${lessons === 1 ? 'aula' : 'aulas'} de ${brand}.`,
  notices: {
    check_email: { title: 'Confira seu e-mail', message: 'Digite o e-mail com o qual você se tornou membro.' },
    check_inbox: { title: 'Confira sua caixa de entrada', message: 'Se esse endereço pertencer a um membro, um link de acesso está a caminho. Ele vale uma única vez, por 15 minutos.' },
    confirm_sign_in: { title: 'Entrar', message: 'Toque no botão para entrar no curso neste dispositivo.', button: 'Entrar' },
    link_invalid: { title: 'Este link não funciona', message: 'Os links de acesso valem uma única vez, por 15 minutos. Peça um novo na página do curso.' },
    sign_in_to_track: { title: 'Entre na sua conta', message: 'Entre na sua conta para acompanhar as aulas que você já concluiu.' },
    sign_in_for_billing: { title: 'Entre na sua conta', message: 'Entre como membro pagante para gerenciar seus pagamentos.' },
    checkout_unavailable: { title: 'Pagamento indisponível', message: 'O pagamento ainda não está configurado neste servidor; entre em contato com o responsável pelo curso.' },
    billing_unavailable: { title: 'Gestão de pagamentos indisponível', message: 'A gestão de pagamentos ainda não está configurada neste servidor; entre em contato com o responsável pelo curso.' },
    past_due: (until) => `Não conseguimos processar seu último pagamento. Seu acesso continua até ${day(until)}; atualize seus dados de pagamento em “Gerenciar pagamentos”.`,
  },
});

const sets: Record<string, (day: Day) => SiteWords> = { en, de, fr, es, pt };
export const siteLanguages = Object.keys(sets);

const setOf = (lang: string) => sets[lang.toLowerCase().split('-')[0] ?? ''];

/** The language of a course site's pages: the membership's when its words exist in it, else English with a warning. */
export function siteLanguage(lang: string): { lang: string; warnings: string[] } {
  if (setOf(lang)) return { lang, warnings: [] };
  return { lang: 'en', warnings: [`The course site's own words (buttons, marks, notices) exist in ${siteLanguages.join(', ')}; its pages use English ones, not "${lang}".`] };
}

/** A long date in `lang`, in UTC (schedule days have no time zone); a tag Intl refuses falls back to its base language, then English. */
export function dayIn(lang: string): Day {
  const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat([lang, lang.split('-')[0] ?? 'en', 'en'], options);
  } catch {
    format = new Intl.DateTimeFormat('en', options);
  }
  return (date) => {
    const when = new Date(`${date.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(when.getTime()) ? date : format.format(when);
  };
}

/** The words of a page in `lang`: its language's set, or English when it has none (see `siteLanguage`). */
export function siteWords(lang: string): SiteWords {
  const page = siteLanguage(lang).lang;
  return (setOf(page) ?? en)(dayIn(page));
}
