/**
 * The niches the template composer has curated copy for, and a keyword classifier that picks
 * one for a prompt. Deterministic: a keyword list per niche, scored, ties broken by the order
 * of NICHES (the more specific niches come first, so "pet shop" is pet_services, not ecommerce,
 * and an animal charity is a nonprofit before it is a pet business).
 */

// prettier-ignore
export const NICHES = [
  'nonprofit',
  'pet_services',
  'fitness',
  'food_beverage',
  'health_wellness',
  'real_estate',
  'events',
  'education',
  'creative_services',
  'professional_services',
  'saas',
  'ecommerce',
  'general',
] as const;

export type Niche = (typeof NICHES)[number];

type Keywords = Record<Exclude<Niche, 'general'>, string[]>;

/** Singular forms; phrases are matched word by word. A phrase counts double. */
// prettier-ignore
const KEYWORDS: Keywords = {
  pet_services: [
    'pet', 'dog', 'puppy', 'pup', 'cat', 'kitten', 'canine', 'feline', 'grooming', 'groomer', 'vet', 'veterinary',
    'veterinarian', 'kennel', 'doggy', 'paw', 'leash', 'dog walking', 'dog walker', 'pet sitting', 'pet sitter',
    'dog training', 'dog trainer', 'pet food', 'pet shop', 'pet store', 'doggy daycare', 'cattery', 'aquarium', 'horse',
    'equestrian', 'animal',
  ],
  fitness: [
    'gym', 'fitness', 'workout', 'personal trainer', 'personal training', 'yoga', 'pilates', 'crossfit',
    'cardio', 'hiit', 'strength training', 'weightlifting', 'marathon', 'running club', 'run club', 'spin class',
    'cycling', 'boxing', 'kickboxing', 'martial art', 'karate', 'jiu jitsu', 'athlete', 'exercise', 'bodybuilding',
    'barre', 'zumba', 'climbing gym', 'trainer',
  ],
  food_beverage: [
    'bakery', 'baker', 'bake', 'baking', 'bread', 'sourdough', 'cafe', 'café', 'coffee', 'espresso', 'restaurant', 'food',
    'recipe', 'cooking', 'cook', 'chef', 'catering', 'caterer', 'vegan', 'vegetarian', 'pizza', 'pizzeria', 'burger',
    'brewery', 'beer', 'wine', 'winery', 'tea', 'juice', 'kitchen', 'menu', 'dessert', 'cake', 'cupcake', 'pastry',
    'patisserie', 'donut', 'doughnut', 'taco', 'sushi', 'bistro', 'diner', 'food truck', 'meal', 'meal prep', 'cocktail',
    'bar', 'pub', 'deli', 'butcher', 'grocery', 'chocolate', 'ice cream', 'gelato', 'smoothie', 'brunch', 'barbecue', 'bbq',
    'farmers market', 'cookie', 'coffee shop', 'coffee roaster',
  ],
  health_wellness: [
    'wellness', 'health', 'spa', 'massage', 'therapy', 'therapist', 'counseling', 'counselling', 'mental health',
    'meditation', 'mindfulness', 'nutrition', 'nutritionist', 'dietitian', 'clinic', 'dentist', 'dental', 'doctor',
    'physio', 'physiotherapy', 'chiropractor', 'chiropractic', 'acupuncture', 'holistic', 'herbal', 'supplement', 'skincare',
    'skin care', 'salon', 'beauty', 'hair salon', 'barber', 'barbershop', 'nail', 'esthetician', 'sleep', 'healing',
    'naturopath', 'midwife', 'doula', 'pharmacy', 'medical', 'patient', 'self care', 'self-care',
  ],
  real_estate: [
    'real estate', 'realtor', 'realty', 'property', 'apartment', 'condo', 'mortgage', 'rental', 'rent', 'listing',
    'open house', 'estate agent', 'letting agent', 'landlord', 'tenant', 'home buyer', 'homebuyer', 'house hunting',
    'vacation rental', 'airbnb', 'broker', 'brokerage', 'home for sale', 'townhouse', 'villa', 'property management',
  ],
  events: [
    'event', 'conference', 'concert', 'festival', 'wedding', 'party', 'meetup', 'gala', 'summit', 'ticket', 'rsvp',
    'jazz night', 'live music', 'gig', 'expo', 'trade show', 'launch party', 'fundraising gala', 'workshop day',
    'hackathon', 'retreat', 'birthday', 'celebration', 'reunion', 'banquet', 'venue',
  ],
  nonprofit: [
    'nonprofit', 'non-profit', 'non profit', 'charity', 'charitable', 'donate', 'donation', 'donor', 'fundraiser',
    'fundraising', 'volunteer', 'foundation', 'ngo', 'cause', 'animal shelter', 'food bank', 'mission', 'advocacy',
    'community garden', 'raise', 'shelter', 'rescue',
  ],
  education: [
    'course', 'lesson', 'class', 'tutoring', 'tutor', 'school', 'student', 'learn', 'learning', 'teach', 'teaching',
    'teacher', 'curriculum', 'academy', 'e-learning', 'elearning', 'online course', 'cohort', 'module', 'syllabus',
    'masterclass', 'training program', 'education', 'educational', 'kindergarten', 'preschool', 'university', 'college',
    'language school', 'bootcamp', 'webinar', 'certification', 'exam', 'homework', 'lecture',
  ],
  creative_services: [
    'photography', 'photographer', 'photo', 'graphic design', 'designer', 'illustration', 'illustrator', 'artist', 'art',
    'music', 'musician', 'band', 'video', 'videographer', 'videography', 'film', 'filmmaker', 'portfolio', 'branding',
    'studio', 'tattoo', 'writer', 'copywriter', 'copywriting', 'animation', 'animator', 'podcast', 'painter', 'painting',
    'pottery', 'ceramics', 'craft', 'dj', 'singer', 'songwriter', 'theater', 'theatre', 'gallery', 'web design',
    'interior design', 'florist',
  ],
  professional_services: [
    'consulting', 'consultant', 'consultancy', 'lawyer', 'law firm', 'attorney', 'legal', 'accounting', 'accountant',
    'bookkeeping', 'bookkeeper', 'tax', 'financial advisor', 'financial planning', 'coach', 'coaching', 'business coach',
    'agency', 'marketing agency', 'recruiting', 'recruitment', 'recruiter', 'insurance', 'plumber', 'plumbing',
    'electrician', 'contractor', 'handyman', 'cleaning', 'cleaner', 'landscaping', 'roofing', 'moving company', 'mover',
    'hvac', 'locksmith', 'notary', 'architect', 'engineering firm', 'translation', 'virtual assistant', 'freelance',
    'freelancer', 'b2b',
  ],
  saas: [
    'saas', 'software', 'app', 'platform', 'api', 'cloud', 'dashboard', 'startup', 'analytics', 'crm', 'integration',
    'developer', 'plugin', 'extension', 'sdk', 'devops', 'ai', 'automation', 'pricing tier', 'free trial', 'beta',
    'waitlist', 'open source', 'browser extension', 'mobile app', 'web app', 'subscription software', 'tool', 'chrome',
    'workflow', 'productivity', 'no-code', 'nocode', 'database', 'hosting', 'self-hosted',
  ],
  ecommerce: [
    'shop', 'store', 'online store', 'storefront', 'product', 'shipping', 'cart', 'checkout', 'merch', 'merchandise',
    'boutique', 'etsy', 'shopify', 'sell', 'selling', 'handmade', 'jewelry', 'jewellery', 'clothing', 'apparel', 'fashion',
    'candle', 'soap', 'sale', 'discount', 'ecommerce', 'e-commerce', 'dropshipping', 'retail', 'sneaker',
    'cosmetics', 'furniture', 'gift', 'subscription box', 'marketplace',
  ],
};

interface Matcher {
  niche: Exclude<Niche, 'general'>;
  words: string[];
  weight: number;
}

const MATCHERS: Matcher[] = Object.entries(KEYWORDS).flatMap(([niche, keywords]) =>
  keywords.map((keyword) => {
    const words = keyword
      .toLowerCase()
      .split(/[\s-]+/u)
      .filter(Boolean);
    return { niche: niche as Exclude<Niche, 'general'>, words, weight: words.length > 1 ? 2 : 1 };
  }),
);

/** Keywords indexed by their first word, so classification is one pass over the tokens. */
const BY_FIRST_WORD = new Map<string, Matcher[]>();
for (const matcher of MATCHERS) {
  const first = matcher.words[0];
  if (first === undefined) continue;
  const list = BY_FIRST_WORD.get(first) ?? [];
  list.push(matcher);
  BY_FIRST_WORD.set(first, list);
}

/** A crude singular: enough to let "dogs", "bakeries", "classes" hit "dog", "bakery", "class". */
function singularForms(word: string): string[] {
  const forms = [word];
  if (word.length > 3 && word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && /(?:ss|x|ch|sh)es$/u.test(word)) forms.push(word.slice(0, -2));
  if (word.length > 2 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  return forms;
}

/** Each keyword counts at most this often, so one repeated word cannot outvote the rest. */
const MAX_HITS_PER_KEYWORD = 3;

/** Classifies lower-cased words (in text order) into a niche; "general" when nothing matches. */
export function classifyNiche(words: readonly string[]): Niche {
  const scores = new Map<Niche, number>();
  const hits = new Map<Matcher, number>();
  const at = (index: number): string[] => {
    const word = words[index];
    return word === undefined ? [] : singularForms(word);
  };
  for (let i = 0; i < words.length; i += 1) {
    for (const form of at(i)) {
      for (const matcher of BY_FIRST_WORD.get(form) ?? []) {
        const matches = matcher.words.every((word, offset) => offset === 0 || at(i + offset).includes(word));
        if (!matches) continue;
        const count = (hits.get(matcher) ?? 0) + 1;
        hits.set(matcher, count);
        if (count > MAX_HITS_PER_KEYWORD) continue;
        scores.set(matcher.niche, (scores.get(matcher.niche) ?? 0) + matcher.weight);
      }
    }
  }
  let best: Niche = 'general';
  let bestScore = 0;
  for (const niche of NICHES) {
    const score = scores.get(niche) ?? 0;
    if (score > bestScore) {
      best = niche;
      bestScore = score;
    }
  }
  return best;
}
