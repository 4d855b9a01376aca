import { capitalize as up } from '../text.js';
import type { PageFrames } from './types.js';

// A topic stands bare after "em", "sobre", "com" or as "o tema {topic}" ("sobre finanças pessoais"), never as the
// subject of a verb or after a preposition that would contract with an article.
const para = (audience: string | null) => (audience ? ` para ${audience}` : '');

// Written to read right in Brazil and in Portugal: no "você", no words that differ between the two (contato/contacto,
// morada, pular/saltar), and no preposition before a slot that would contract with its article ("de" + "a Clínica" → "da").
export const pt: PageFrames = {
  lang: 'pt',
  from: (price) => `a partir de ${price}`,
  audience: (who) => `Para ${who}`,
  headings: {
    offerings: 'O que oferecemos',
    pricing: 'Preços',
    faq: 'Perguntas frequentes',
    testimonials: 'O que dizem os clientes',
    hours: 'Horário',
    visit: 'Visite-nos',
    contact: (name) => `Fale com ${name}`,
    booking: (name) => `Reserve com ${name}`,
    newsletter: (name) => `Newsletter ${name}`,
    waitlist: (name) => `Lista de espera: ${name}`,
    leadMagnet: (offer) => `Receba ${offer}`,
    countdown: (name) => name,
  },
  nav: { offerings: 'Oferta', pricing: 'Preços', testimonials: 'Avaliações', faq: 'Perguntas', form: 'Escreva-nos', countdown: 'Contagem regressiva', features: 'Sobre nós', visit: 'Onde estamos' },
  buttons: {
    contact: 'Peça informações',
    send: 'Enviar mensagem',
    book: 'Pedir reserva',
    subscribe: 'Inscrever-se',
    waitlist: 'Entrar na lista de espera',
    lead: 'Quero receber',
    offerings: 'Ver o que oferecemos',
  },
  fields: {
    name: 'Nome',
    firstName: 'Primeiro nome',
    email: 'Endereço de e-mail',
    phone: 'Telefone',
    message: 'Mensagem',
    service: 'Serviço',
    date: 'Data preferida',
    time: 'Hora preferida',
    notes: 'Há algo que devamos saber?',
    company: 'Empresa',
  },
  success: {
    message: 'Obrigado! A mensagem foi enviada.',
    booking: 'Obrigado! O pedido de reserva foi enviado.',
    waitlist: 'Obrigado! Já está na lista de espera.',
    newsletter: 'Obrigado pela inscrição!',
    lead: 'Obrigado! O pedido foi enviado.',
  },
  sentences: {
    offers: (name, list) => `${name} oferece ${list}.`,
    contactIntro: (name) => `Envie uma mensagem para ${name}.`,
    bookingIntro: (name) => `Indique o serviço que deseja e quando; o pedido segue para ${name}.`,
    waitlistIntro: (name) => `Deixe o seu e-mail para saber quando ${name} abre.`,
    newsletterIntro: (name) => `Receba por e-mail as novidades que ${name} envia.`,
    leadIntro: (offer) => `Deixe o seu e-mail para receber ${offer}.`,
    consent: (name) => `Ao enviar este formulário, aceita que ${name} lhe envie e-mails.`,
    countdownIntro: (what, date) => `${what}: ${date}.`,
  },
  examples: {
    note: 'Texto de exemplo: substitua-o pelo seu antes de publicar.',
    faq: [
      { question: 'Pergunta de exemplo: o que os clientes costumam perguntar?', answer: 'Resposta de exemplo: escreva aqui a sua resposta.' },
      { question: 'Pergunta de exemplo: como dar o primeiro passo?', answer: 'Resposta de exemplo: descreva aqui o primeiro passo.' },
    ],
    testimonial: { quote: 'Citação de exemplo: as palavras de um cliente, com a devida autorização.', name: 'Nome do cliente' },
    tier: { name: 'Plano de exemplo', price: 'O seu preço' },
    feature: { title: 'Exemplo: um motivo para escolher o seu negócio', text: 'Texto de exemplo: explique, com as suas próprias palavras, o que torna o seu negócio diferente.' },
  },
  pack: {
    greeting: 'Olá,',
    hours: (name, lines) => `${name} funciona nos seguintes horários: ${lines}.`,
    address: (name, address) => `Onde encontrar ${name}: ${address}.`,
    // "Contacto"/"contato" differ between Portugal and Brazil; this reads the same in both.
    contact: (list) => `Para mais informações: ${list}.`,
    questions: {
      hours: (name) => `Em que horário funciona ${name}?`,
      address: (name) => `Onde fica ${name}?`,
      // The offering leads, so no "de" has to contract with the article it would take ("do branqueamento").
      price: (offering) => `${offering}: quanto custa?`,
      contact: (name) => `Como falar com ${name}?`,
    },
    price: (offering, price) => `${offering}: ${price}.`,
  },
  topic: {
    titles: [
      (topic, audience) => `${up(topic)}: guia prático${para(audience)}`,
      (topic, audience) => `${up(topic)}, passo a passo${para(audience)}`,
      (topic, audience) => `O essencial sobre ${topic}${para(audience)}`,
    ],
    openers: {
      professional: [
        (topic, audience) => `Em ${topic}${para(audience)}, tudo começa com um objetivo claro e um plano simples.`,
        (topic, audience) => `Em ${topic}${para(audience)}, pequenas melhorias fazem diferença com o tempo.`,
      ],
      friendly: [
        (topic, audience) => `Sejamos sinceros: o tema ${topic} pode assustar no início${audience ? `, sobretudo para ${audience}` : ''}.`,
        (topic, audience) => `Boa notícia${para(audience)}: em ${topic}, é possível avançar passo a passo.`,
      ],
      bold: [
        (topic, audience) => `Pare de complicar o tema ${topic}${para(audience)}: comece com um objetivo claro.`,
        (topic, audience) => `Em ${topic}${para(audience)}, um bom plano vale mais do que a improvisação.`,
      ],
    },
    steps: {
      goal: [(topic) => `Comece por escrever, numa frase, o que quer alcançar em ${topic}.`, (topic) => `Antes de mudar alguma coisa em ${topic}, defina o que é sucesso.`],
      step: ['Escolha um passo pequeno e mensurável e dê esse passo esta semana.', 'Escolha uma única mudança que possa testar em dias, não em meses.'],
      measure: ['Meça o resultado com honestidade e mantenha o que funciona.', 'Meça antes e depois: os números mostram o que vale a pena manter.'],
      habit: ['Torne a rotina fácil de repetir: a constância vale mais do que a intensidade.', 'Transforme o que funcionou numa lista de verificação que possa repetir.'],
      review: [
        (topic) => `Conte a outras pessoas o que aprender sobre ${topic}: isso ajuda quem começa e clarifica as suas próprias ideias.`,
        (topic) => `Reveja todos os meses a sua abordagem em ${topic} e ajuste-a.`,
      ],
    },
    headings: [
      ['O que está em jogo', 'Primeiro, o objetivo'],
      ['Por onde começar', 'Um plano simples'],
      ['Manter o que funciona', 'Criar o hábito'],
    ],
    meta: (topic, audience) => `Um guia curto e prático sobre ${topic}${para(audience)}: por onde começar, o que medir e o que manter.`,
    intros: [(topic, audience) => `Este guia percorre, passo a passo, o tema ${topic}${para(audience)}.`, (topic, audience) => `Um olhar curto e prático sobre ${topic}${para(audience)}.`],
    conclusions: [(topic) => `Em ${topic}, comece com pouco, meça e mantenha o que funciona.`, (topic) => `Em ${topic}, o esforço constante e medido dá resultados.`],
    hooks: {
      professional: [(topic) => `${up(topic)}: o que eu diria a quem começa hoje.`, (topic) => `${up(topic)}: lições que vale a pena conhecer.`],
      friendly: [(topic) => `Vamos falar um pouco sobre ${topic}.`, (topic) => `Algumas coisas que vale a pena saber sobre ${topic}.`],
      bold: [(topic) => `Pare de complicar o tema ${topic}.`, (topic) => `Opinião impopular: em ${topic}, o simples funciona melhor.`],
    },
    questions: ['O que acrescentaria?', 'Como aborda este tema?', 'Concorda?'],
    subjects: [(topic) => `${up(topic)}: guia rápido`, (topic) => `${up(topic)}: o essencial`, (topic) => `${up(topic)}, em poucas palavras`],
    preheader: (topic) => `Uma leitura curta e prática sobre ${topic}.`,
    greetings: { professional: ['Olá,', 'Bom dia,'], friendly: ['Olá!', 'Olá a todos!'], bold: ['Direto ao assunto:', 'Sem rodeios:'] },
    signoffs: ['Obrigado pela leitura.', 'Até breve.'],
    threadHooks: [(topic, audience) => `${up(topic)}${para(audience)}, ponto por ponto 🧵`, (topic, audience) => `Um fio sobre ${topic}${para(audience)} 🧵`],
    threadEnds: ['É tudo. Guarde isto para mais tarde.', 'Siga para ver mais conteúdos como este.'],
    benefits: ['Um objetivo claro desde o início', 'Um pequeno passo de cada vez', 'Medir e manter o que funciona'],
    faq: { about: (topic) => `O que vale a pena saber sobre ${topic}?`, start: 'Por onde começar?', step: 'Qual é um bom primeiro passo?' },
    cta: [(topic) => `Quer começar com ${topic}?`, (topic) => `Dê hoje o primeiro passo em ${topic}`],
    buttons: ['Começar', 'Saiba mais', 'Comece hoje'],
  },
  remaining: (days, hours, minutes) => `Faltam ${days} d ${hours} h ${minutes} min`,
  chrome: {
    sending: 'Aguarde…',
    skip: 'Ir para o conteúdo',
    choose: 'Escolha…',
    popular: 'Mais popular',
    trap: 'Deixe este campo vazio',
    ended: 'Já começou!',
    sent: 'Obrigado!',
    failed: 'Ocorreu um erro; tente novamente.',
    offline: 'Não foi possível enviar; verifique a conexão e tente novamente.',
    closed: 'Fechado',
    address: 'Endereço',
    phone: 'Telefone',
    email: 'E-mail',
  },
};
