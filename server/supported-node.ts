// Imported first by the server and every script, before anything loads better-sqlite3: on an older
// Node its native module loads and then crashes the process on open with a bare segmentation fault.
// Here the operator gets one line saying what to install, and a non-zero exit.

/** The oldest Node this release runs on (package.json's engines: ^22.20.0 || ^24.12.0). */
export const MINIMUM_NODE = [22, 20, 0] as const;

/** The message for an unsupported Node version, or undefined when this one is fine. */
export function unsupportedNode(version: string): string | undefined {
  const parts = version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10));
  for (let index = 0; index < MINIMUM_NODE.length; index += 1) {
    const have = parts[index] ?? 0;
    const need = MINIMUM_NODE[index] ?? 0;
    if (have > need) return undefined;
    if (have < need) {
      return `pos-server needs Node.js 24 LTS (22.20 or later also works); this is Node ${version.replace(/^v/, '')}. Install Node 24 LTS (https://nodejs.org/en/download) and start again.`;
    }
  }
  return undefined;
}

const problem = unsupportedNode(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
