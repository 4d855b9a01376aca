/**
 * Words that mean the same thing to the router, by what they ask for: an action (show, change, make,
 * list, send…) or an object (an invoice, a shop, a course…), in the languages the service writes,
 * and the things it does not do (someone else's service, everyday life). A command's concepts are
 * features beside its words, alone and in pairs: 80 examples a tool cannot show every synonym, the
 * lexicon can. An entry is a word (matched with its inflections), a beginning of five letters or more
 * (matched as such), or two words.
 */
export const lexicon: Readonly<Record<string, string>> = {
  // Actions
  get: `show display fetch open view see retrieve look pull read get what which where how when check inspect preview review give tell
    status state details detail full return current snippet embed url link copy again figures stored dump peek glance recap summary
    zeig zeige montre affiche muestra ensena ver voir anzeigen afficher mostrar find lookup look_up pull_up bring_up let_me go_over look_like mostra mostrami mostre toon laat bekijk vedi ver veja`,
  change: `change update edit modify tweak adjust set swap replace rename recolor recolour shorten lengthen rewrite rephrase remove drop delete
    add insert revert restore fix make move lower raise increase decrease reduce turn switch redo should mark retract sold_out translate
    extend cut bump trim tighten soften punchier simplify reword rearrange reorder append include exclude disable enable rollback roll_back
    cambia cambiar andere ändere aendere ander modifie modifier passe ajoute ajouter entferne quita pon modifica cambia mudar muda altera wijzig verander pas aggiorna atualiza rebrand overwrite`,
  create: `create build generate make spin draft design put set new start launch write produce compose need want assemble craft prepare
    whip knock mock come_up set_up put_together spin_up draw_up turn_into erstelle erstellen crée créer cree crear fais faire haz hazme baue crea creare criar cria maak maken bouw fai faça`,
  list: 'list all every export csv spreadsheet download page next cursor history rundown overview browse liste lista alle todas toutes elenco lijst todos tutti',
  send: 'send email mail forward deliver resend share dispatch envoie envoyer envia enviar schick schicke sende send_out invia manda stuur verstuur',
  begin: 'kick begin start launch release go deploy activate schedule resume unpause run live go_live kick_off hit_send press_go roll_out starte lanza lance',
  pay: 'paid pay payment received settle settled transfer wire cash cheque check bank bezahlt bezahlung payé pagado pagada pagó',
  cancel: 'void cancel annul storno storniere withdraw retract nullify rescind scrap bin kill annule anula',
  refund: 'refund credit gutschrift avoir reembolso partial money_back credit_note',
  confirm: 'confirm finalize finalise issue approve lock valide bestätige bestaetige confirma',
  classify: `reply replied answer answered wrote responded response triage classify categorize categorise label unsubscribe ooo booked meeting
    calendly interested category kategorie antwort interessent referral respuesta réponse bucket tag interpret prospect_said wrote_back`,
  approve: 'approve accept reject decline deny pending moderate queue review_queue let_through knock_back greenlight aprueba rechaza genehmige',
  grant: 'grant revoke access enrol enroll invite member student signin login joined join everyone who subscriber comp gift seat unenroll kick_out',
  // Objects
  invoice: 'invoice bill rechnung facture factura billing inv receivable receivables owed owes fattura fatture fatura faturas factuur facturen nota',
  draft: 'draft brouillon entwurf borrador',
  einvoice: 'einvoice e-invoice xrechnung facturx factur-x ubl cii zugferd peppol leitweg xml machine_readable',
  seller: 'seller profile vat iban bic tax company address logo letterhead verkäufer vendeur vendedor registered zahlungsfrist iva perfil terms identity sender_details partita fiscale btw nif',
  usage:
    'usage quota units limit cap plan cycle remaining left overage consumption credits allowance burn spent consumed budget ceiling headroom active subscribed unidades quedan einheiten metered meter',
  job: 'job task background queued running progress finished done',
  content: 'post thread tweet linkedin blog article newsletter_issue caption repurpose pack content channel carousel announcement press_release x_thread',
  widget: `widget landing page waitlist form signup hero banner section pricing faq testimonial countdown contact booking lead_capture embed snippet
    homepage social_proof quotes reserve slots optin opt-in subscribe webpage website microsite`,
  submission: 'submission submit signup entries entry responses subscribers messages requests sign came submitted entered enquiries inquiries optin leads_collected',
  clips: 'clip shorts reels tiktok vertical transcript episode podcast video webinar recording subtitle caption highlight stream livestream srt vtt',
  store:
    'store shop storefront boutique onlineshop tienda laden boutique checkout product merch sell selling catalog ecommerce e-commerce downloads purchase buy_button negozio loja winkel webshop shop',
  order: 'order orders ordr sale sales sold bought buy purchase purchases buyer revenue bestellung commande pedido',
  course:
    'course membership academy community lesson module cohort curriculum drip students members kurs curso cours tier lektion lección leçon onlinekurs masterclass corso corsi cursus curso aula lezioni lezione',
  directory: 'directory listing listings catalogue verzeichnis annuaire directorio submit roster hub searchable finder database guide elenco guia gids register',
  outreach:
    'outreach campaign sequence cold prospect prospects leads lead follow_up cadence touch steps crm hubspot salesforce pipedrive sequenz correos pitch outbound prospecting touches drip_campaign campagna campanha',
  business: 'business box kit launch everything whole system positioning offer ladder kpi funnel turnkey all-in-one end-to-end',
  // What the service does not do
  elsewhere: `amazon netflix spotify uber doordash google gmail outlook icloud dropbox slack zoom github jenkins shopify etsy ebay airbnb zillow
    coursera udemy paypal venmo irs dhl ups fedex usps apple iphone android windows facebook instagram_profile whatsapp tinder hinge yelp
    aws azure openai chatgpt notion trello jira excel word powerpoint youtube_channel twitch_channel`,
  life: `weather forecast rain recipe cook dinner lunch breakfast doctor medicine symptoms flight hotel train movie song music playlist game
    joke poem story alarm timer reminder birthday vacation holiday passport visa insulin dentist pizza restaurant traffic football score
    horoscope translate translation math calculate homework essay`,
};

// "Can you…", "could you…", "would you…" ask for something to be done: they are requests, not questions.
const questionWords = new Set('is are was were did does do what which who whom how when where has have why whats wie welche ist quel quelle est que cual qual quale'.split(' '));

const words = new Map<string, string[]>();
/** Beginnings of five letters or more, by their first five: a word looks up only those it could start with. */
const beginnings = new Map<string, Array<[string, string]>>();
for (const [concept, entries] of Object.entries(lexicon)) {
  for (const entry of entries.split(/\s+/u).filter(Boolean)) {
    // Spelt as commands are normalised (features.ts): without accents, hyphens and underscores as spaces, two words at most.
    const key = entry
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[_-]/gu, ' ')
      .split(' ')
      .slice(0, 2)
      .join(' ');
    words.set(key, [...(words.get(key) ?? []), concept]);
    if (!key.includes(' ') && key.length >= 5) beginnings.set(key.slice(0, 5), [...(beginnings.get(key.slice(0, 5)) ?? []), [key, concept]]);
  }
}

/** A word without its inflection: "invoices", "invoiced" → "invoice". */
const uninflected = (word: string): string[] => [word, word.replace(/(?:es|s|ed|d|ing)$/u, ''), word.replace(/(?:ies)$/u, 'y')];

/** The concepts of a command's tokens (normalised, see features.ts). */
export function conceptsOf(tokens: readonly string[]): Set<string> {
  const found = new Set<string>();
  // A question asks to be told, not for a change: "Is inv_… paid?" reads an invoice.
  if (tokens[0] !== undefined && questionWords.has(tokens[0])) found.add('question');
  for (const [i, token] of tokens.entries()) {
    const next = tokens[i + 1];
    const candidates = next === undefined ? uninflected(token) : [...uninflected(token), `${token} ${next}`];
    for (const candidate of candidates) for (const concept of words.get(candidate) ?? []) found.add(concept);
    for (const [beginning, concept] of beginnings.get(token.slice(0, 5)) ?? []) if (token.startsWith(beginning)) found.add(concept);
  }
  return found;
}
