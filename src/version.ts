import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's folder, found by walking up from this file to its package.json (works from src/, dist/ and the bundle). */
function findPackageRoot(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export const packageRoot = findPackageRoot();

/** The package's name and version. */
export const packageInfo: { name: string; version: string } = packageRoot
  ? (JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { name: string; version: string })
  : { name: 'agent-outcomes', version: '0.0.0' };
