// A kitchen printer without hardware: `npm run printer -- --port 9100` listens for raw ESC/POS, as
// an Epson TM-T20 does, and writes each chit it receives to the terminal (large type marked ##).
// Add it to the settings as a printer at this machine's address and port to see the kitchen's chits.
import { parseArgs } from 'node:util';
import { chitText } from '../test/helpers/escpos-decoder.js';
import { TestPrinter } from '../test/helpers/test-printer.js';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '9100' }, host: { type: 'string', default: '0.0.0.0' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (got "${values.port}")`);
  process.exit(2);
}

const printer = await TestPrinter.start(port, values.host);
console.log(`A test printer listens on ${values.host}:${printer.port} (raw ESC/POS). Ctrl-C stops it.`);
printer.onChit((chit) => {
  const width = Math.max(32, ...chit.lines.map((line) => line.text.length));
  console.log(`\n┌${'─'.repeat(width + 2)}┐`);
  for (const line of chitText(chit).split('\n')) console.log(`│ ${line.padEnd(width)} │`);
  console.log(`└${'─'.repeat(width + 2)}┘ ✂ ${new Date().toLocaleTimeString()}`);
});
process.on('SIGINT', () => void printer.close().then(() => process.exit(0)));
