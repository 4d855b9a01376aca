/** Test listings (made-up test data, never shown as real by the service: tests only). */
export const cafesCsv = [
  'Name,Category,Location,Description,Website,Seats',
  'Green Bean,Cafe,Alfama,Vegan pastries and oat flat whites,https://greenbean.example,24',
  'Leaf & Loaf,Bakery,Baixa,Sourdough with seeds,https://leafloaf.example,12',
  'Tofu House,Restaurant,Alfama,Tofu bowls and ramen,https://tofu.example,40',
  'Root Bar,Restaurant,Bairro Alto,Small plates,https://root.example,30',
  'Bad Row,Cafe,Baixa,Broken link,not-a-url,10',
  ',Cafe,Baixa,No name at all,https://noname.example,5',
  'Green Bean,Cafe,Alfama,Listed twice,https://greenbean.example,24',
].join('\n');

export const cafesJson = [
  { name: 'Green Bean', category: 'Cafe', location: 'Alfama', description: 'Vegan pastries and oat flat whites', website: 'https://greenbean.example' },
  { name: 'Leaf & Loaf', category: 'Bakery', location: 'Baixa', description: 'Sourdough with seeds' },
  { name: 'Tofu House', category: 'Restaurant', location: 'Alfama', description: 'Tofu bowls and ramen' },
];

/** `n` listings across 8 categories and 12 places, for size and speed checks. */
export function manyListings(n: number) {
  const categories = ['Cafe', 'Bakery', 'Restaurant', 'Bar', 'Market', 'Deli', 'Juice bar', 'Food truck'];
  const places = ['Alfama', 'Baixa', 'Bairro Alto', 'Belém', 'Chiado', 'Graça', 'Lapa', 'Estrela', 'Campo de Ourique', 'Arroios', 'Intendente', 'Príncipe Real'];
  return Array.from({ length: n }, (_, i) => ({
    name: `Place ${i + 1} ${categories[i % 8]}`,
    category: categories[i % 8],
    location: places[i % 12],
    description: `Test listing number ${i + 1}, serving ${['tofu', 'tempeh', 'seitan', 'falafel', 'hummus'][i % 5]} and ${['coffee', 'tea', 'juice'][i % 3]}.`,
    website: `https://place-${i + 1}.example`,
  }));
}
