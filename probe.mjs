import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
let t=performance.now();
const b = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const bb = readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
console.log('read', performance.now()-t); t=performance.now();
const f = fontkit.create(b); const fb = fontkit.create(bb);
console.log('create', performance.now()-t); t=performance.now();
for (const cp of [0x9,0x20,0xa0,0x202f,0x2009,0x200b,0x2028,0x20ac,0x6771,0x3000, 0x1f600, 0x2014, 0x2013, 0x2019, 0x142, 0x3a9, 0x41f, 0x20b9, 0x20ba, 0x20bd,0x20be, 0x20bf, 0xfb01])
  console.log(cp.toString(16), f.hasGlyphForCodePoint(cp), fb.hasGlyphForCodePoint(cp));
console.log('check', performance.now()-t); t=performance.now();
let r = f.layout('office fine Привет Ωmega €1,200.00'); console.log(r.glyphs.map(g=>g.id+':'+g.codePoints).join(' '));
console.log('layout1', performance.now()-t); t=performance.now();
for (let i=0;i<1000;i++) f.layout('Consulting services for March '+i);
console.log('layout x1000', performance.now()-t); t=performance.now();
for (let i=0;i<1000;i++) f.layout('Consulting services for March '+i, {liga:false, kern:false});
console.log('layout x1000 nofeat', performance.now()-t); t=performance.now();
