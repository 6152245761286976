// The settings' printers as stored: each with its id (assigned when omitted, kept when given) and
// its defaults filled in, so nothing that reads them asks "is there a port?".
import { randomBytes } from 'node:crypto';
import { DEFAULT_PRINTER_COLUMNS, DEFAULT_PRINTER_PORT, type Printer, type PrinterInput } from '../models/printer.js';
import { badRequest } from './errors.js';

/** A host name (letters, digits, dots, hyphens) or an IPv4 or IPv6 address. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[?[0-9A-Fa-f:.]+\]?)$/;

function refuse(path: string, message: string): never {
  throw badRequest(`Invalid body. ${path} ${message}.`, { errors: [{ path, message }] });
}

export function completePrinters(input: readonly PrinterInput[]): Printer[] {
  const seen = new Set<string>();
  return input.map((printer, index) => {
    if (!HOST.test(printer.host)) refuse(`printers.${index}.host`, 'must be a host name or an IP address (such as 192.168.1.50)');
    const id = printer.id ?? randomBytes(12).toString('hex');
    if (seen.has(id)) refuse(`printers.${index}.id`, `is given to more than one printer (${id})`);
    seen.add(id);
    return {
      id,
      name: printer.name,
      host: printer.host,
      port: printer.port ?? DEFAULT_PRINTER_PORT,
      stations: [...printer.stations],
      mode: printer.mode,
      columns: printer.columns ?? DEFAULT_PRINTER_COLUMNS,
    };
  });
}
