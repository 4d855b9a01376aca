import { dayIn, siteLanguage, siteLanguages } from './words.js';

/**
 * The fixed words of a membership's emails (onboarding and sign-in links) in the languages its site speaks.
 * Titles are the caller's, quoted in curly quotes in every language: `validateOnboarding` finds the lessons an
 * email names by them.
 */
export interface EmailWords {
  minutes: (count: number) => string;
  days: (count: number) => string;
  no_text: string;
  all_open: string;
  after_completion: (gapDays: number) => string;
  on_dates: (firstDate: string) => string;
  coming_days: string;
  /** `brand` null when the course has none of its own (its title signs it): no "X from X". */
  welcome: (course: string, brand: string | null) => string;
  course_size: (modules: number, lessons: number) => string;
  all_open_now: string;
  open_now: (open: number, total: number) => string;
  and_more: (count: number) => string;
  go_to_course: string;
  welcome_subject: (course: string) => string;
  start_with: (lesson: string) => string;
  lessons_from: (lessons: number, brand: string) => string;
  one_open: (lesson: string, module: string, course: string) => string;
  many_open: (count: number, course: string) => string;
  open_lesson: string;
  open_lessons: string;
  now_open: (lesson: string) => string;
  now_open_many: (count: number, course: string) => string;
  in_module: (module: string) => string;
  completed_module: (lesson: string, module: string) => string;
  next_module: (module: string) => string;
  last_of_course: (course: string) => string;
  module_done_subject: (module: string) => string;
  end_subject: (course: string) => string;
  last_lesson_of: (course: string) => string;
  pick_up_subject: (course: string) => string;
  away_preheader: (days: number) => string;
  away: (course: string, days: number) => string;
  payment_subject: (course: string) => string;
  payment_preheader: (brand: string) => string;
  payment_failed: (brand: string, course: string) => string;
  payment_update: string;
  go_to_membership: string;
  sign_in_subject: (course: string) => string;
  sign_in_text: (course: string, until: string, url: string) => string;
}

/** A title in copy: curly quotes in every language (see above). */
export const quoted = (title: string) => `“${title}”`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Day = (date: string) => string;

const en = (day: Day): EmailWords => ({
  minutes: (n) => count(n, 'minute', 'minutes'),
  days: (n) => count(n, 'day', 'days'),
  no_text: 'This lesson has no written text yet.',
  all_open: 'Every lesson is open now.',
  after_completion: (gap) => `Each lesson opens when you complete the one before it${gap > 0 ? `, and at least ${count(gap, 'day', 'days')} after that one opened` : ''}.`,
  on_dates: (date) => `Lessons open on set dates, the first on ${day(date)}. We will email you as each one opens.`,
  coming_days: 'More lessons open over the coming days. We will email you as each one opens.',
  welcome: (course, brand) => `Welcome to ${quoted(course)}${brand ? ` from ${brand}` : ''}.`,
  course_size: (modules, lessons) => `The course has ${count(modules, 'module', 'modules')} and ${count(lessons, 'lesson', 'lessons')}.`,
  all_open_now: 'All of them are open now:',
  open_now: (open, total) => `Open now (${open} of ${total}):`,
  and_more: (n) => `And ${count(n, 'more lesson', 'more lessons')} on the course page.`,
  go_to_course: 'Go to the course',
  welcome_subject: (course) => `Welcome to ${course}`,
  start_with: (lesson) => `Start with ${quoted(lesson)}.`,
  lessons_from: (n, brand) => `${count(n, 'lesson', 'lessons')} from ${brand}.`,
  one_open: (lesson, module, course) => `${quoted(lesson)}, in module ${quoted(module)} of ${quoted(course)}, is now open.`,
  many_open: (n, course) => `${count(n, 'lesson', 'lessons')} of ${quoted(course)} are now open:`,
  open_lesson: 'Open the lesson',
  open_lessons: 'Open the lessons',
  now_open: (lesson) => `Now open: ${lesson}`,
  now_open_many: (n, course) => `Now open: ${count(n, 'lesson', 'lessons')} of ${course}`,
  in_module: (module) => `In module ${quoted(module)}.`,
  completed_module: (lesson, module) => `You completed ${quoted(lesson)}, the last lesson of module ${quoted(module)}.`,
  next_module: (module) => `Next comes module ${quoted(module)}.`,
  last_of_course: (course) => `It is also the last lesson of ${quoted(course)}.`,
  module_done_subject: (module) => `Module done: ${module}`,
  end_subject: (course) => `You reached the end of ${course}`,
  last_lesson_of: (course) => `That was the last lesson of ${quoted(course)}.`,
  pick_up_subject: (course) => `Pick up ${course} where you left off`,
  away_preheader: (n) => `You have not opened the course for ${count(n, 'day', 'days')}.`,
  away: (course, n) => `You have not opened ${quoted(course)} for ${count(n, 'day', 'days')}.`,
  payment_subject: (course) => `Your payment for ${course} did not go through`,
  payment_preheader: (brand) => `Please check your payment details for ${brand}.`,
  payment_failed: (brand, course) => `We could not take your latest payment for your ${brand} membership to ${quoted(course)}.`,
  payment_update: 'Please check or update your payment details.',
  go_to_membership: 'Go to your membership',
  sign_in_subject: (course) => `Your sign-in link for ${course}`,
  sign_in_text: (course, until, url) => `Open this link to sign in to ${quoted(course)}. It works once, until ${until}:\n\n${url}\n\nIf you did not ask for it, ignore this email.\n`,
});

const de = (day: Day): EmailWords => ({
  minutes: (n) => count(n, 'Minute', 'Minuten'),
  days: (n) => count(n, 'Tag', 'Tage'),
  no_text: 'Zu dieser Lektion gibt es noch keinen Text.',
  all_open: 'Alle Lektionen sind jetzt offen.',
  after_completion: (gap) => `Jede Lektion öffnet sich, wenn Sie die vorige abgeschlossen haben${gap > 0 ? `, frühestens ${count(gap, 'Tag', 'Tage')} nach deren Freischaltung` : ''}.`,
  on_dates: (date) => `Die Lektionen öffnen sich an festen Terminen, die erste am ${day(date)}. Wir schreiben Ihnen, sobald eine neue offen ist.`,
  coming_days: 'In den nächsten Tagen öffnen sich weitere Lektionen. Wir schreiben Ihnen, sobald eine neue offen ist.',
  welcome: (course, brand) => `Willkommen bei ${quoted(course)}${brand ? ` von ${brand}` : ''}.`,
  course_size: (modules, lessons) => `Der Kurs hat ${count(modules, 'Modul', 'Module')} und ${count(lessons, 'Lektion', 'Lektionen')}.`,
  all_open_now: 'Alle sind jetzt offen:',
  open_now: (open, total) => `Jetzt offen (${open} von ${total}):`,
  and_more: (n) => `Und ${count(n, 'weitere Lektion', 'weitere Lektionen')} auf der Kursseite.`,
  go_to_course: 'Zum Kurs',
  welcome_subject: (course) => `Willkommen bei ${course}`,
  start_with: (lesson) => `Beginnen Sie mit ${quoted(lesson)}.`,
  lessons_from: (n, brand) => `${count(n, 'Lektion', 'Lektionen')} von ${brand}.`,
  one_open: (lesson, module, course) => `${quoted(lesson)} im Modul ${quoted(module)} von ${quoted(course)} ist jetzt offen.`,
  many_open: (n, course) => `${count(n, 'Lektion', 'Lektionen')} von ${quoted(course)} sind jetzt offen:`,
  open_lesson: 'Lektion öffnen',
  open_lessons: 'Lektionen öffnen',
  now_open: (lesson) => `Jetzt offen: ${lesson}`,
  now_open_many: (n, course) => `Jetzt offen: ${count(n, 'Lektion', 'Lektionen')} von ${course}`,
  in_module: (module) => `Im Modul ${quoted(module)}.`,
  completed_module: (lesson, module) => `Sie haben ${quoted(lesson)} abgeschlossen, die letzte Lektion des Moduls ${quoted(module)}.`,
  next_module: (module) => `Als Nächstes kommt das Modul ${quoted(module)}.`,
  last_of_course: (course) => `Es ist auch die letzte Lektion von ${quoted(course)}.`,
  module_done_subject: (module) => `Modul abgeschlossen: ${module}`,
  end_subject: (course) => `Sie haben das Ende von ${course} erreicht`,
  last_lesson_of: (course) => `Das war die letzte Lektion von ${quoted(course)}.`,
  pick_up_subject: (course) => `Machen Sie mit ${course} weiter, wo Sie aufgehört haben`,
  away_preheader: (n) => `Sie haben den Kurs seit ${count(n, 'Tag', 'Tagen')} nicht geöffnet.`,
  away: (course, n) => `Sie haben ${quoted(course)} seit ${count(n, 'Tag', 'Tagen')} nicht geöffnet.`,
  payment_subject: (course) => `Ihre Zahlung für ${course} ist nicht durchgegangen`,
  payment_preheader: (brand) => `Bitte prüfen Sie Ihre Zahlungsdaten bei ${brand}.`,
  payment_failed: (brand, course) => `Wir konnten Ihre letzte Zahlung für Ihre Mitgliedschaft bei ${brand} für ${quoted(course)} nicht einziehen.`,
  payment_update: 'Bitte prüfen oder aktualisieren Sie Ihre Zahlungsdaten.',
  go_to_membership: 'Zu Ihrer Mitgliedschaft',
  sign_in_subject: (course) => `Ihr Anmeldelink für ${course}`,
  sign_in_text: (course, until, url) =>
    `Öffnen Sie diesen Link, um sich bei ${quoted(course)} anzumelden. Er gilt einmal, bis ${until}:\n\n${url}\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.\n`,
});

const fr = (day: Day): EmailWords => ({
  minutes: (n) => count(n, 'minute', 'minutes'),
  days: (n) => count(n, 'jour', 'jours'),
  no_text: 'Cette leçon n’a pas encore de texte.',
  all_open: 'Toutes les leçons sont ouvertes.',
  after_completion: (gap) => `Chaque leçon s’ouvre quand vous avez terminé la précédente${gap > 0 ? `, au plus tôt ${count(gap, 'jour', 'jours')} après l’ouverture de celle-ci` : ''}.`,
  on_dates: (date) => `Les leçons s’ouvrent à des dates fixes, la première le ${day(date)}. Nous vous écrirons à l’ouverture de chacune.`,
  coming_days: 'D’autres leçons s’ouvriront dans les prochains jours. Nous vous écrirons à l’ouverture de chacune.',
  welcome: (course, brand) => `Bienvenue dans ${quoted(course)}${brand ? `, de ${brand}` : ''}.`,
  course_size: (modules, lessons) => `Le cours compte ${count(modules, 'module', 'modules')} et ${count(lessons, 'leçon', 'leçons')}.`,
  all_open_now: 'Toutes sont ouvertes dès maintenant :',
  open_now: (open, total) => `Ouvertes dès maintenant (${open} sur ${total}) :`,
  and_more: (n) => `Et ${count(n, 'autre leçon', 'autres leçons')} sur la page du cours.`,
  go_to_course: 'Aller au cours',
  welcome_subject: (course) => `Bienvenue dans ${course}`,
  start_with: (lesson) => `Commencez par ${quoted(lesson)}.`,
  lessons_from: (n, brand) => `${count(n, 'leçon', 'leçons')} de ${brand}.`,
  one_open: (lesson, module, course) => `${quoted(lesson)}, du module ${quoted(module)} de ${quoted(course)}, est maintenant ouverte.`,
  many_open: (n, course) => `${count(n, 'leçon', 'leçons')} de ${quoted(course)} sont maintenant ouvertes :`,
  open_lesson: 'Ouvrir la leçon',
  open_lessons: 'Ouvrir les leçons',
  now_open: (lesson) => `Maintenant ouverte : ${lesson}`,
  now_open_many: (n, course) => `Maintenant ouvertes : ${count(n, 'leçon', 'leçons')} de ${course}`,
  in_module: (module) => `Dans le module ${quoted(module)}.`,
  completed_module: (lesson, module) => `Vous avez terminé ${quoted(lesson)}, la dernière leçon du module ${quoted(module)}.`,
  next_module: (module) => `Ensuite vient le module ${quoted(module)}.`,
  last_of_course: (course) => `C’est aussi la dernière leçon de ${quoted(course)}.`,
  module_done_subject: (module) => `Module terminé : ${module}`,
  end_subject: (course) => `Vous êtes arrivé au bout de ${course}`,
  last_lesson_of: (course) => `C’était la dernière leçon de ${quoted(course)}.`,
  pick_up_subject: (course) => `Reprenez ${course} là où vous vous êtes arrêté`,
  away_preheader: (n) => `Vous n’avez pas ouvert le cours depuis ${count(n, 'jour', 'jours')}.`,
  away: (course, n) => `Vous n’avez pas ouvert ${quoted(course)} depuis ${count(n, 'jour', 'jours')}.`,
  payment_subject: (course) => `Votre paiement pour ${course} n’est pas passé`,
  payment_preheader: (brand) => `Merci de vérifier vos informations de paiement chez ${brand}.`,
  payment_failed: (brand, course) => `Nous n’avons pas pu encaisser votre dernier paiement pour votre abonnement ${brand} à ${quoted(course)}.`,
  payment_update: 'Merci de vérifier ou de mettre à jour vos informations de paiement.',
  go_to_membership: 'Voir votre abonnement',
  sign_in_subject: (course) => `Votre lien de connexion pour ${course}`,
  sign_in_text: (course, until, url) =>
    `Ouvrez ce lien pour vous connecter à ${quoted(course)}. Il ne sert qu’une fois, jusqu’au ${until} :\n\n${url}\n\nSi vous ne l’avez pas demandé, ignorez cet e-mail.\n`,
});

const es = (day: Day): EmailWords => ({
  minutes: (n) => count(n, 'minuto', 'minutos'),
  days: (n) => count(n, 'día', 'días'),
  no_text: 'Esta lección aún no tiene texto.',
  all_open: 'Todas las lecciones están abiertas.',
  after_completion: (gap) => `Cada lección se abre cuando completas la anterior${gap > 0 ? `, y no antes de ${count(gap, 'día', 'días')} después de que esa se abriera` : ''}.`,
  on_dates: (date) => `Las lecciones se abren en fechas fijas, la primera el ${day(date)}. Te escribiremos cuando se abra cada una.`,
  coming_days: 'En los próximos días se abrirán más lecciones. Te escribiremos cuando se abra cada una.',
  welcome: (course, brand) => `Te damos la bienvenida a ${quoted(course)}${brand ? `, de ${brand}` : ''}.`,
  course_size: (modules, lessons) => `El curso tiene ${count(modules, 'módulo', 'módulos')} y ${count(lessons, 'lección', 'lecciones')}.`,
  all_open_now: 'Todas están abiertas ya:',
  open_now: (open, total) => `Abiertas ya (${open} de ${total}):`,
  and_more: (n) => `Y ${count(n, 'lección más', 'lecciones más')} en la página del curso.`,
  go_to_course: 'Ir al curso',
  welcome_subject: (course) => `Bienvenida a ${course}`,
  start_with: (lesson) => `Empieza por ${quoted(lesson)}.`,
  lessons_from: (n, brand) => `${count(n, 'lección', 'lecciones')} de ${brand}.`,
  one_open: (lesson, module, course) => `${quoted(lesson)}, del módulo ${quoted(module)} de ${quoted(course)}, ya está abierta.`,
  many_open: (n, course) => `${count(n, 'lección', 'lecciones')} de ${quoted(course)} ya están abiertas:`,
  open_lesson: 'Abrir la lección',
  open_lessons: 'Abrir las lecciones',
  now_open: (lesson) => `Ya abierta: ${lesson}`,
  now_open_many: (n, course) => `Ya abiertas: ${count(n, 'lección', 'lecciones')} de ${course}`,
  in_module: (module) => `En el módulo ${quoted(module)}.`,
  completed_module: (lesson, module) => `Completaste ${quoted(lesson)}, la última lección del módulo ${quoted(module)}.`,
  next_module: (module) => `Ahora sigue el módulo ${quoted(module)}.`,
  last_of_course: (course) => `También es la última lección de ${quoted(course)}.`,
  module_done_subject: (module) => `Módulo completado: ${module}`,
  end_subject: (course) => `Llegaste al final de ${course}`,
  last_lesson_of: (course) => `Esa fue la última lección de ${quoted(course)}.`,
  pick_up_subject: (course) => `Retoma ${course} donde lo dejaste`,
  away_preheader: (n) => `No has abierto el curso en ${count(n, 'día', 'días')}.`,
  away: (course, n) => `No has abierto ${quoted(course)} en ${count(n, 'día', 'días')}.`,
  payment_subject: (course) => `Tu pago de ${course} no se ha completado`,
  payment_preheader: (brand) => `Revisa tus datos de pago en ${brand}.`,
  payment_failed: (brand, course) => `No pudimos cobrar tu último pago de la membresía de ${brand} a ${quoted(course)}.`,
  payment_update: 'Revisa o actualiza tus datos de pago.',
  go_to_membership: 'Ir a tu membresía',
  sign_in_subject: (course) => `Tu enlace de acceso a ${course}`,
  sign_in_text: (course, until, url) => `Abre este enlace para entrar en ${quoted(course)}. Sirve una sola vez, hasta ${until}:\n\n${url}\n\nSi no lo pediste, ignora este correo.\n`,
});

const pt = (day: Day): EmailWords => ({
  minutes: (n) => count(n, 'minuto', 'minutos'),
  days: (n) => count(n, 'dia', 'dias'),
  no_text: 'Esta aula ainda não tem texto.',
  all_open: 'Todas as aulas estão abertas.',
  after_completion: (gap) => `Cada aula abre quando você conclui a anterior${gap > 0 ? `, e no mínimo ${count(gap, 'dia', 'dias')} depois que ela abriu` : ''}.`,
  on_dates: (date) => `As aulas abrem em datas fixas, a primeira em ${day(date)}. Vamos avisar você por e-mail quando cada uma abrir.`,
  coming_days: 'Mais aulas abrem nos próximos dias. Vamos avisar você por e-mail quando cada uma abrir.',
  welcome: (course, brand) => `Boas-vindas a ${quoted(course)}${brand ? `, de ${brand}` : ''}.`,
  course_size: (modules, lessons) => `O curso tem ${count(modules, 'módulo', 'módulos')} e ${count(lessons, 'aula', 'aulas')}.`,
  all_open_now: 'Todas já estão abertas:',
  open_now: (open, total) => `Já abertas (${open} de ${total}):`,
  and_more: (n) => `E mais ${count(n, 'aula', 'aulas')} na página do curso.`,
  go_to_course: 'Ir para o curso',
  welcome_subject: (course) => `Boas-vindas a ${course}`,
  start_with: (lesson) => `Comece por ${quoted(lesson)}.`,
  lessons_from: (n, brand) => `${count(n, 'aula', 'aulas')} de ${brand}.`,
  one_open: (lesson, module, course) => `${quoted(lesson)}, do módulo ${quoted(module)} de ${quoted(course)}, já está aberta.`,
  many_open: (n, course) => `${count(n, 'aula', 'aulas')} de ${quoted(course)} já estão abertas:`,
  open_lesson: 'Abrir a aula',
  open_lessons: 'Abrir as aulas',
  now_open: (lesson) => `Já aberta: ${lesson}`,
  now_open_many: (n, course) => `Já abertas: ${count(n, 'aula', 'aulas')} de ${course}`,
  in_module: (module) => `No módulo ${quoted(module)}.`,
  completed_module: (lesson, module) => `Você concluiu ${quoted(lesson)}, a última aula do módulo ${quoted(module)}.`,
  next_module: (module) => `Em seguida vem o módulo ${quoted(module)}.`,
  last_of_course: (course) => `É também a última aula de ${quoted(course)}.`,
  module_done_subject: (module) => `Módulo concluído: ${module}`,
  end_subject: (course) => `Você chegou ao fim de ${course}`,
  last_lesson_of: (course) => `Essa foi a última aula de ${quoted(course)}.`,
  pick_up_subject: (course) => `Continue ${course} de onde parou`,
  away_preheader: (n) => `Você não abre o curso há ${count(n, 'dia', 'dias')}.`,
  away: (course, n) => `Você não abre ${quoted(course)} há ${count(n, 'dia', 'dias')}.`,
  payment_subject: (course) => `Seu pagamento de ${course} não foi aprovado`,
  payment_preheader: (brand) => `Confira seus dados de pagamento em ${brand}.`,
  payment_failed: (brand, course) => `Não conseguimos cobrar seu último pagamento da assinatura ${brand} de ${quoted(course)}.`,
  payment_update: 'Confira ou atualize seus dados de pagamento.',
  go_to_membership: 'Ir para sua assinatura',
  sign_in_subject: (course) => `Seu link de acesso a ${course}`,
  sign_in_text: (course, until, url) => `Abra este link para entrar em ${quoted(course)}. Ele vale uma única vez, até ${until}:\n\n${url}\n\nSe você não o pediu, ignore este e-mail.\n`,
});

const sets: Record<string, (day: Day) => EmailWords> = { en, de, fr, es, pt };

/** A membership's email words in its site's language (the same fallback to English, and the same warning, as its pages). */
export function emailWords(lang: string): { lang: string; words: EmailWords; warnings: string[] } {
  const site = siteLanguage(lang);
  const base = site.lang.toLowerCase().split('-')[0] ?? 'en';
  const warnings = site.warnings.length ? [`The course's emails exist in ${siteLanguages.join(', ')}; they are in English, not "${lang}".`] : [];
  return { lang: site.lang, words: (sets[base] ?? en)(dayIn(site.lang)), warnings };
}
