/**
 * Word lists the kind, place and audience rules share: people a page is for ("busy parents", "autónomos"), and
 * the words that head a kind of business ("pottery shop", "agencia de marketing digital").
 */

// People and organisations a product is for: "CRM for plumbers", "logiciel de facturation pour les artisans".
export const PEOPLE = new Set(
  `parents founders freelancers teams plumbers electricians restaurants cafés cafes hosts adults couples women men kids
  children families businesses owners clients customers members developers designers teachers seniors
  professionals companies startups agencies dentists doctors coaches creators makers shops retailers landlords tenants
  runners dogs-owners pet-owners homeowners ages teens teenagers marketers writers artists musicians photographers
  autónomos autonomos niños niñas adultos familias empresas pymes emprendedores ongs bachillerato
  salões profissionais crianças famílias
  handwerksbetriebe existenzgründer freiberufler ärzte balkongärtner eltern kinder erwachsene unternehmen gründer
  artisans adultes parents enfants familles entreprises indépendants commerçants`
    .split(/\s+/u)
    .filter(Boolean),
);

/** Whether a word names people a page is for (a plural noun from the list, any case). */
export function isPeople(word: string): boolean {
  return PEOPLE.has(word.toLowerCase());
}

// The last word of an English kind ("small-batch roaster", "nail & lash salon").
export const KIND_HEADS_EN = new Set(
  `shop store boutique bakery café cafe roaster roasters restaurant bistro bar pub gastropub brewery kiosk truck spot place
  practice clinic dentist vet surgery salon studio spa gym agency consultancy firm service services software app tracker
  builder platform tool api crm newsletter podcast course coach coaching photographer designer developer maker brand
  plumber electrician tutor tutoring lessons classes walking grooming cleaning nonprofit charity tracking copywriting
  scheduling coworking bootcamp retreat fair festival webinar workshop hotel florist opticians physiotherapy chiropractor
  therapist counselling accountants accountant lawyer architect printer marketplace barbershop business company`
    .split(/\s+/u)
    .filter(Boolean),
);

// The first word of a kind in Spanish, Portuguese, French or German ("agencia de …", "Boutique en ligne de …").
export const KIND_HEADS_FIRST = new Set(
  `agencia agence agência agentur software logiciel app appli aplicación aplicativo api loja tienda boutique centro clínica
  clinique cabinet consultório estúdio estudio studio restaurante restaurant café panadería padaria boulangerie odontologia
  designer diseñadora diseñador diarista eletricista electricista plombier coach curso cours taller atelier oficina
  alojamento peluquería salón salão coworking brasserie librairie livraria librería escuela escola école plataforma
  plateforme servicio serviço fotógrafa fotógrafo photographe nutricionista psicóloga psicólogo psychologue consultora
  consultoria praxis kanzlei taquería pizzería cafetería heladería pastelería floristería farmacia elektriker friseur
  tischler maler klempner dachdecker`
    .split(/\s+/u)
    .filter(Boolean),
);
