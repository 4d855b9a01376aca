import { capitalize as up } from '../text.js';
import type { PageFrames } from './types.js';

// A topic stands alone before a colon, or after "en matière de", which elides before a vowel or a mute h ("en
// matière d’alimentation"): never after an article it would have to agree with.
const pour = (audience: string | null) => (audience ? ` pour ${audience}` : '');
const de = (topic: string) => (/^[aeiouyàâäéèêëîïôöùûüœæh]/iu.test(topic) ? `d’${topic}` : `de ${topic}`);

// Formal "vous". French typography: a narrow no-break space (U+202F) before ; ! ? and a no-break space (U+00A0)
// before :. A slot never follows "de", "à" or "que", which would have to elide or contract with it ("d’Atelier",
// "au Petit Café"): it follows "par", "pour", "chez", a verb, or stands as the subject.
export const fr: PageFrames = {
  lang: 'fr',
  from: (price) => `à partir de ${price}`,
  audience: (who) => `Pour ${who}`,
  headings: {
    offerings: 'Ce que nous proposons',
    pricing: 'Tarifs',
    faq: 'Questions fréquentes',
    testimonials: 'Ce que disent nos clients',
    hours: 'Horaires d’ouverture',
    visit: 'Nous rendre visite',
    contact: (name) => `Contacter ${name}`,
    booking: (name) => `Réserver chez ${name}`,
    newsletter: (name) => `La newsletter ${name}`,
    waitlist: (name) => `Rejoindre la liste d’attente pour ${name}`,
    leadMagnet: (offer) => `Recevoir ${offer}`,
    countdown: (name) => name,
  },
  nav: { offerings: 'Offre', pricing: 'Tarifs', testimonials: 'Avis', faq: 'FAQ', form: 'Contact', countdown: 'Compte à rebours', features: 'À propos', visit: 'Accès' },
  buttons: {
    contact: 'Nous contacter',
    send: 'Envoyer le message',
    book: 'Demander une réservation',
    subscribe: 'S’abonner',
    waitlist: 'Rejoindre la liste d’attente',
    lead: 'Me l’envoyer',
    offerings: 'Découvrir notre offre',
  },
  fields: {
    name: 'Votre nom',
    firstName: 'Prénom',
    email: 'Adresse e-mail',
    phone: 'Téléphone',
    message: 'Message',
    service: 'Prestation',
    date: 'Date souhaitée',
    time: 'Heure souhaitée',
    notes: 'Quelque chose à nous signaler\u202f?',
    company: 'Entreprise',
  },
  success: {
    message: 'Merci\u202f! Votre message a bien été envoyé.',
    booking: 'Merci\u202f! Votre demande de réservation a bien été envoyée.',
    waitlist: 'Merci\u202f! Vous faites désormais partie de la liste d’attente.',
    newsletter: 'Merci pour votre inscription\u202f!',
    lead: 'Merci\u202f! Votre demande a bien été envoyée.',
  },
  sentences: {
    offers: (name, list) => `${name} propose ${list}.`,
    contactIntro: (name) => `Laissez un message pour ${name}.`,
    bookingIntro: (name) => `Indiquez quelle prestation vous souhaitez chez ${name}, et quand.`,
    waitlistIntro: (name) => `Laissez votre adresse e-mail pour savoir quand ${name} ouvrira.`,
    newsletterIntro: (name) => `Recevez par e-mail les nouvelles que partage ${name}.`,
    leadIntro: (offer) => `Laissez votre adresse e-mail pour recevoir ${offer}.`,
    consent: (name) => `En envoyant ce formulaire, vous acceptez de recevoir des e-mails envoyés par ${name}.`,
    countdownIntro: (what, date) => `${what}\u00a0: ${date}.`,
  },
  examples: {
    note: 'Texte d’exemple\u00a0: remplacez-le par le vôtre avant de publier.',
    faq: [
      { question: 'Question d’exemple\u00a0: que vous demandent souvent vos clients\u202f?', answer: 'Réponse d’exemple\u00a0: rédigez ici votre propre réponse.' },
      { question: 'Question d’exemple\u00a0: comment faire le premier pas\u202f?', answer: 'Réponse d’exemple\u00a0: décrivez ici la première étape.' },
    ],
    testimonial: { quote: 'Citation d’exemple\u00a0: les mots d’un client, avec son accord.', name: 'Nom du client' },
    tier: { name: 'Formule d’exemple', price: 'Votre prix' },
    feature: { title: 'Exemple\u00a0: une raison de vous choisir', text: 'Texte d’exemple\u00a0: dites avec vos propres mots ce qui distingue votre entreprise.' },
  },
  pack: {
    greeting: 'Bonjour,',
    hours: (name, lines) => `Horaires d’ouverture chez ${name}\u00a0: ${lines}.`,
    address: (name, address) => `Vous trouverez ${name} à l’adresse suivante\u00a0: ${address}.`,
    contact: (list) => `Coordonnées\u00a0: ${list}.`,
    questions: {
      hours: (name) => `Quels sont les horaires d’ouverture chez ${name}\u202f?`,
      address: (name) => `Où se trouve ${name}\u202f?`,
      // The offering leads, so it needs no article, as it would after "combien coûte" ("le blanchiment").
      price: (offering) => `${offering}\u00a0: quel est le tarif\u202f?`,
      contact: (name) => `Comment contacter ${name}\u202f?`,
    },
    price: (offering, price) => `${offering}\u00a0: ${price}.`,
  },
  topic: {
    titles: [
      (topic, audience) => `${up(topic)}\u00a0: le guide pratique${pour(audience)}`,
      (topic, audience) => `${up(topic)}${pour(audience)}, pas à pas`,
      (topic, audience) => `${up(topic)}${pour(audience)}\u00a0: l’essentiel`,
    ],
    openers: {
      professional: [
        (topic, audience) => `En matière ${de(topic)}${pour(audience)}, tout commence par un objectif clair et un plan simple.`,
        (topic, audience) => `En matière ${de(topic)}${pour(audience)}, les petits progrès finissent par compter.`,
      ],
      friendly: [
        (topic, audience) => `Soyons honnêtes\u00a0: quand on débute en matière ${de(topic)}, tout peut sembler intimidant${audience ? `, surtout pour ${audience}` : ''}.`,
        (topic, audience) => `Bonne nouvelle${pour(audience)}\u00a0: en matière ${de(topic)}, on peut avancer pas à pas.`,
      ],
      bold: [
        (topic, audience) => `Arrêtez de tourner en rond en matière ${de(topic)}${pour(audience)}\u00a0: commencez par un objectif clair.`,
        (topic, audience) => `En matière ${de(topic)}${pour(audience)}, un bon plan vaut mieux que l’improvisation.`,
      ],
    },
    steps: {
      goal: [
        (topic) => `Commencez par écrire en une phrase ce que vous attendez en matière ${de(topic)}.`,
        (topic) => `Définissez ce que serait un succès avant de changer quoi que ce soit en matière ${de(topic)}.`,
      ],
      step: ['Choisissez une petite étape mesurable et franchissez-la cette semaine.', 'Choisissez un seul changement à tester en quelques jours, pas en quelques mois.'],
      measure: ['Mesurez le résultat honnêtement et gardez ce qui fonctionne.', 'Mesurez avant et après\u00a0: les chiffres vous diront quoi garder.'],
      habit: ['Rendez la routine facile à répéter\u202f; la régularité l’emporte sur l’intensité.', 'Transformez ce qui a fonctionné en une liste de contrôle à réutiliser.'],
      review: [
        (topic) => `Partagez ce que vous apprenez en matière ${de(topic)}\u202f; cela aide les autres et clarifie vos propres idées.`,
        (topic) => `${up(topic)}\u00a0: revoyez votre approche chaque mois et ajustez-la.`,
      ],
    },
    headings: [
      ['Pourquoi c’est important', 'D’abord, l’objectif'],
      ['Par où commencer', 'Un plan simple'],
      ['Garder ce qui fonctionne', 'Tenir dans la durée'],
    ],
    meta: (topic, audience) => `${up(topic)}${pour(audience)}\u00a0: un guide court et pratique pour savoir par où commencer, quoi mesurer et quoi garder.`,
    intros: [
      (topic, audience) => `${up(topic)}${pour(audience)}\u00a0: ce guide vous accompagne pas à pas.`,
      (topic, audience) => `${up(topic)}\u00a0: un tour d’horizon court et pratique${pour(audience)}.`,
    ],
    conclusions: [(topic) => `En matière ${de(topic)}, commencez petit, mesurez et gardez ce qui fonctionne.`, (topic) => `En matière ${de(topic)}, l’effort régulier et mesuré finit par payer.`],
    hooks: {
      professional: [(topic) => `${up(topic)}\u00a0: ce que je dirais à quiconque débute aujourd’hui.`, (topic) => `${up(topic)}\u00a0: quelques leçons qui valent d’être partagées.`],
      friendly: [(topic) => `Parlons ${topic}, le temps d’un post.`, (topic) => `${up(topic)}\u00a0: quelques points bons à savoir.`],
      bold: [(topic) => `Arrêtez de compliquer les choses en matière ${de(topic)}.`, (topic) => `Avis impopulaire\u00a0: en matière ${de(topic)}, le plus simple marche le mieux.`],
    },
    questions: ['Qu’ajouteriez-vous\u202f?', 'Comment vous y prenez-vous\u202f?', 'D’accord ou pas\u202f?'],
    subjects: [(topic) => `${up(topic)}\u00a0: le guide express`, (topic) => `${up(topic)}\u00a0: l’essentiel`, (topic) => `${up(topic)}, tout simplement`],
    preheader: (topic) => `${up(topic)}\u00a0: une lecture courte et pratique.`,
    greetings: { professional: ['Bonjour,', 'Madame, Monsieur,'], friendly: ['Bonjour\u202f!', 'Bonjour à tous\u202f!'], bold: ['Droit au but\u00a0:', 'En bref\u00a0:'] },
    signoffs: ['Merci de votre lecture.', 'À bientôt.'],
    threadHooks: [(topic, audience) => `${up(topic)}${pour(audience)}, point par point 🧵`, (topic, audience) => `${up(topic)}${pour(audience)}\u00a0: le thread 🧵`],
    threadEnds: ['C’est tout. Enregistrez ce thread pour plus tard.', 'Suivez-moi pour d’autres contenus comme celui-ci.'],
    benefits: ['Un objectif clair dès le départ', 'Une petite étape à la fois', 'Mesurer et garder ce qui fonctionne'],
    faq: { about: (topic) => `${up(topic)}\u00a0: que faut-il savoir\u202f?`, start: 'Par où commencer\u202f?', step: 'Quelle est une bonne première étape\u202f?' },
    cta: [(topic) => `${up(topic)}\u00a0: et si vous commenciez aujourd’hui\u202f?`, (topic) => `${up(topic)}\u00a0: faites le premier pas`],
    buttons: ['Commencer', 'En savoir plus', 'Commencer aujourd’hui'],
  },
  remaining: (days, hours, minutes) => `Encore ${days} j ${hours} h ${minutes} min`,
  chrome: {
    sending: 'Envoi en cours…',
    skip: 'Aller au contenu',
    choose: 'Choisir…',
    popular: 'Le plus populaire',
    trap: 'Laissez ce champ vide',
    ended: 'C’est parti\u202f!',
    sent: 'Merci\u202f!',
    failed: 'Une erreur s’est produite\u202f; veuillez réessayer.',
    offline: 'Envoi impossible\u202f; vérifiez votre connexion et réessayez.',
    closed: 'Fermé',
    address: 'Adresse',
    phone: 'Téléphone',
    email: 'E-mail',
  },
};
