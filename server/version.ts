// The release this server is: package.json's version, read once at start, for /health and the logs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** From server/ (tsx) or dist/server/ (node): the nearest package.json above is the project's. */
function readVersion(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'pos-server' && manifest.version) return manifest.version;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (path.dirname(dir) === dir) throw new Error('no package.json of pos-server above server/version');
  }
}

export const SERVER_VERSION = readVersion();
