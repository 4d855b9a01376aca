// Learns the intent router once, at build time, from tsc's output (dist/tools): every process then
// reads it (tools/intent/learnt.ts) instead of spending seconds learning it on its first command.
import { learntRouterFile, writeLearntRouter } from '../dist/tools/intent/learnt.js';

const file = learntRouterFile();
if (!file) throw new Error('learn-router: no package.json above dist/tools/intent');
const started = performance.now();
writeLearntRouter(file);
console.log(`intent router learnt in ${Math.round(performance.now() - started)} ms: ${file}`);
