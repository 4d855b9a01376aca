import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's name and version, found by walking up from this file (works from src/ and dist/). */
function readPackage(): { name: string; version: string } {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name: string; version: string };
    const parent = path.dirname(dir);
    if (parent === dir) return { name: 'agent-outcomes', version: '0.0.0' };
    dir = parent;
  }
}

export const packageInfo = readPackage();
