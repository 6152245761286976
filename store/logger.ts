// The slice of a pino logger the stores write to (MongoDB's setup and change stream, the embedded
// store's upgrades); a fastify or pino logger fits as is.
export interface StoreLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const ignore = () => undefined;

export const silentLogger: StoreLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
