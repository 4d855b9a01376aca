import type { Niche } from '../../src/compose/niches.js';

/** Curated copy per niche for the template's copy (template-copy.ts): honest, specific to the trade, no invented facts. */
export interface NicheCopy {
  /** What the business offers, as a noun phrase ("grooming", "your software"). */
  offer: string;
  /** The main button ("Book a visit"). */
  action: string;
  benefits: Array<[title: string, text: string]>;
  faq: Array<[question: string, answer: string]>;
  /** Choices a booking form offers. */
  services: string[];
  /** Who speaks in an illustrative testimonial. */
  customer: string;
}

// prettier-ignore
const niches: Record<Niche, NicheCopy> = {
  pet_services: {
    offer: 'pet care',
    action: 'Book a visit',
    benefits: [['Gentle, patient handling', 'Calm routines and breaks when your pet needs them.'], ['Clean, safe space', 'Every tool and table sanitised between visits.'], ['Easy booking', 'Pick a time that suits you; we send a reminder the day before.']],
    faq: [['How long does a visit take?', 'Most visits take one to two hours, depending on size, coat and the service you choose.'], ['Do you take nervous pets?', 'Yes. Tell us when you book and we will plan a quieter slot with extra breaks.'], ['What should I bring?', 'Just your pet, and any notes on allergies or health conditions.']],
    services: ['Full groom', 'Bath and brush', 'Nail trim', 'Puppy introduction'],
    customer: 'Pet owner',
  },
  fitness: {
    offer: 'training',
    action: 'Start training',
    benefits: [['Plans that fit your week', 'Sessions built around the time you actually have.'], ['Progress you can see', 'Simple check-ins so you know what is working.'], ['Coaching that keeps you going', 'Real people who notice when you show up.']],
    faq: [['Do I need to be fit already?', 'No. Every plan starts from where you are today.'], ['How often should I train?', 'Two to three sessions a week is a strong start for most people.'], ['Can I pause my membership?', 'Yes, tell us before your next billing date.']],
    services: ['Personal training', 'Group class', 'Assessment', 'Nutrition check-in'],
    customer: 'Member',
  },
  food_beverage: {
    offer: 'food',
    action: 'Order now',
    benefits: [['Made fresh', 'Small batches, prepared the same day.'], ['Good ingredients', 'Sourced with care, and we are happy to tell you where from.'], ['Easy ordering', 'Order ahead and skip the wait.']],
    faq: [['Do you cater for allergies?', 'Tell us about any allergy when you order and we will tell you what is safe.'], ['Can I order ahead?', 'Yes, order ahead and pick up at a time that suits you.'], ['Do you cater events?', 'Yes, get in touch with your date and number of guests.']],
    services: ['Table reservation', 'Catering enquiry', 'Private event', 'Pick-up order'],
    customer: 'Regular',
  },
  health_wellness: {
    offer: 'care',
    action: 'Book an appointment',
    benefits: [['Time to listen', 'Appointments long enough to understand what you need.'], ['Qualified practitioners', 'Care from trained, experienced people.'], ['A calm space', 'Somewhere you can relax and focus on feeling better.']],
    faq: [['Do I need a referral?', 'No referral is needed; book directly.'], ['What happens at the first visit?', 'We talk through your goals and history, then agree a plan together.'], ['Can I cancel or reschedule?', 'Yes, please let us know at least 24 hours before.']],
    services: ['First consultation', 'Follow-up session', 'Treatment', 'Phone call'],
    customer: 'Client',
  },
  real_estate: {
    offer: 'property services',
    action: 'Book a viewing',
    benefits: [['Local knowledge', 'We know the streets, schools and prices that matter.'], ['Clear advice', 'Straight answers on value, timing and next steps.'], ['Less hassle', 'We handle viewings, paperwork and follow-ups.']],
    faq: [['How is my home valued?', 'We compare recent local sales and visit in person before we give a figure.'], ['How long does a sale take?', 'It varies with the market; we will give you an honest estimate up front.'], ['What are your fees?', 'Ask us for a quote; there are no hidden charges.']],
    services: ['Viewing', 'Valuation', 'Rental enquiry', 'Call back'],
    customer: 'Home owner',
  },
  events: {
    offer: 'the event',
    action: 'Reserve your spot',
    benefits: [['A great line-up', 'Sessions and people worth showing up for.'], ['Easy to get there', 'Clear times, directions and everything you need to know.'], ['Meet your people', 'Time set aside to connect, not just listen.']],
    faq: [['When and where is it?', 'The date, time and venue are on your confirmation; we send a reminder before the day.'], ['Can I transfer my place?', 'Yes, let us know the new name before the event.'], ['Is it accessible?', 'Tell us what you need and we will make arrangements.']],
    services: ['General admission', 'Group booking', 'Speaker enquiry', 'Sponsorship'],
    customer: 'Attendee',
  },
  nonprofit: {
    offer: 'our work',
    action: 'Get involved',
    benefits: [['Real impact', 'Your support goes straight to the work that matters.'], ['Full transparency', 'We report on where the money goes.'], ['Many ways to help', 'Give, volunteer or spread the word.']],
    faq: [['Where does my donation go?', 'To our programmes; we publish a yearly report on how funds are used.'], ['Can I volunteer?', 'Yes, sign up and we will be in touch with opportunities near you.'], ['Is my donation tax-deductible?', 'Ask us for the details that apply where you live.']],
    services: ['Volunteering', 'Donation question', 'Partnership', 'Event'],
    customer: 'Supporter',
  },
  education: {
    offer: 'learning',
    action: 'Enrol now',
    benefits: [['Step by step', 'Lessons that build on each other.'], ['Practice with feedback', 'Exercises with clear feedback at every step.'], ['Your own pace', 'Learn when it suits you, and pick up where you left off.']],
    faq: [['Who is it for?', 'Anyone who wants to learn, from complete beginners up.'], ['How much time does it take?', 'A few hours a week is enough to make steady progress.'], ['Do I get a certificate?', 'Ask us about certificates for this course.']],
    services: ['Trial lesson', 'Course enquiry', 'Group booking', 'Placement call'],
    customer: 'Student',
  },
  creative_services: {
    offer: 'creative work',
    action: 'Start a project',
    benefits: [['A clear process', 'From brief to delivery, you always know the next step.'], ['Work that fits you', 'Made for your audience, not from a template.'], ['On time', 'Agreed milestones and honest updates.']],
    faq: [['How does a project start?', 'With a short call about your goals, budget and timeline.'], ['How many revisions are included?', 'We agree the number of rounds up front, in writing.'], ['Who owns the final work?', 'You do, once the project is paid for.']],
    services: ['Project enquiry', 'Portfolio review', 'Quote', 'Call back'],
    customer: 'Client',
  },
  professional_services: {
    offer: 'expert help',
    action: 'Book a consultation',
    benefits: [['Experienced advice', 'People who have solved this problem many times.'], ['Clear pricing', 'You know the cost before we start.'], ['Quick replies', 'A real answer within one working day.']],
    faq: [['How do we start?', 'Book a free consultation and tell us what you need.'], ['How do you charge?', 'We quote a fixed fee or an hourly rate before any work begins.'], ['Do you work remotely?', 'Yes, by phone or video, or in person where we can.']],
    services: ['Consultation', 'Quote', 'Follow-up', 'Call back'],
    customer: 'Client',
  },
  saas: {
    offer: 'the product',
    action: 'Get started',
    benefits: [['Set up in minutes', 'Connect your tools and see results on day one.'], ['Less busywork', 'Automate the repetitive steps your team does by hand.'], ['One source of truth', 'Everything your team needs, in one place.']],
    faq: [['Is there a free trial?', 'Ask us about trying it with your own data before you commit.'], ['Is my data secure?', 'Data is encrypted in transit and at rest, and you can export or delete it at any time.'], ['Can I cancel anytime?', 'Yes, there is no long-term contract.']],
    services: ['Demo', 'Onboarding call', 'Technical question', 'Pricing question'],
    customer: 'Customer',
  },
  ecommerce: {
    offer: 'our products',
    action: 'Shop now',
    benefits: [['Made with care', 'Quality you can see in the details.'], ['Fast, tracked delivery', 'Follow your order from our door to yours.'], ['Easy returns', 'Not right? Send it back and we will sort it out.']],
    faq: [['How long does delivery take?', 'Orders ship within a few working days; you get a tracking link by email.'], ['What is your returns policy?', 'Return unused items within 30 days for a refund.'], ['Do you ship internationally?', 'Ask us about your country and we will tell you the options.']],
    services: ['Order question', 'Custom order', 'Wholesale', 'Returns'],
    customer: 'Customer',
  },
  general: {
    offer: 'what we do',
    action: 'Get in touch',
    benefits: [['Clear and simple', 'No jargon, no surprises: just what you need.'], ['Personal service', 'Real people who answer your questions.'], ['Reliable', 'We do what we say, when we say.']],
    faq: [['How do I get started?', 'Send us a message and we will reply with the next steps.'], ['How quickly do you reply?', 'Usually within one working day.'], ['Can I ask a question first?', 'Of course; use the form and we will get back to you.']],
    services: ['General enquiry', 'Quote', 'Call back', 'Other'],
    customer: 'Customer',
  },
};

export const nicheCopy = (niche: string): NicheCopy => niches[niche as Niche] ?? niches.general;
