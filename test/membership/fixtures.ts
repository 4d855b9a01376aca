/** A course every membership test builds from: previews, bodies with key points and exercises, a lesson without text. */
export const potteryCourse = {
  title: 'Pottery basics',
  modules: [
    {
      title: 'Getting started',
      lessons: [
        { title: 'Welcome tour', summary: 'What the studio holds.', body: '## The studio\nWheels, kilns and clay.\n\n## Key points\n- Clay dries fast\n- Keep it wrapped', preview: true },
        { title: 'Wedging clay', body: 'Wedge before you throw.\n\n## Exercises\n1. Wedge 1 kg of clay\n2. Cut it in half and look for air', duration_minutes: 12 },
        { title: 'Centering the wheel' },
      ],
    },
    { title: 'Shapes', lessons: [{ title: 'Your first bowl', body: 'Open the clay, pull the walls.' }] },
  ],
};

export const potteryTiers = [
  { name: 'Monthly', interval: 'month', price: 19.99, trial_days: 7 },
  { name: 'Yearly', interval: 'year', price: 199 },
  { name: 'Lifetime', interval: 'lifetime', price: 499 },
];
