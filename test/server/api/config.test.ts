// loadConfig: the defaults an unconfigured server runs with, the settings it reads, and a
// ConfigError with an operator-readable message for every invalid value.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ConfigError, knownSettings, loadConfig } from '../../../server/config.js';

const SECRET = 'a-shared-secret-of-at-least-32-characters';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError, but the configuration loaded');
}

describe('loadConfig', () => {
  it('runs with no settings at all: the embedded store under ./data', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      mongodbUri: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 86_400,
      logLevel: 'info',
      bcryptRounds: 10,
      loginMaxFailures: 5,
      loginWindowSeconds: 900,
      recoveryWindowSeconds: 120,
      recoveryMaxEvents: 10_000,
      corsOrigins: [],
      sqliteSynchronous: 'NORMAL',
      memoryTargetMb: 350,
      instanceId: undefined,
      trustProxy: false,
      admin: undefined,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '', MONGODB_URI: '', POS_ADMIN_USER_NAME: '', POS_ADMIN_PASSWORD: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
      mongodbUri: undefined,
      jwtSecret: undefined,
      admin: undefined,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      POS_DATA_DIR: '/var/lib/pos',
      MONGODB_URI: 'mongodb+srv://db.example.com/pos',
      POS_JWT_SECRET: SECRET,
      POS_ACCESS_TOKEN_TTL: '600',
      POS_REFRESH_TOKEN_TTL: '86400',
      LOG_LEVEL: 'debug',
      POS_BCRYPT_ROUNDS: '12',
      POS_LOGIN_MAX_FAILURES: '3',
      POS_LOGIN_WINDOW: '60',
      POS_RECOVERY_WINDOW: '30',
      POS_RECOVERY_MAX_EVENTS: '500',
      POS_CORS_ORIGINS: ' https://a.example , https://b.example,',
      POS_SQLITE_SYNCHRONOUS: 'FULL',
      POS_MEMORY_TARGET_MB: '0',
      POS_INSTANCE_ID: 'pos-2',
      POS_TRUST_PROXY: '10.0.0.0/8',
      POS_ADMIN_USER_NAME: 'boss',
      POS_ADMIN_PASSWORD: 'B0ss&Pass',
      POS_ADMIN_EMAIL: 'boss@example.com',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/pos',
      mongodbUri: 'mongodb+srv://db.example.com/pos',
      jwtSecret: SECRET,
      accessTokenTtlSeconds: 600,
      refreshTokenTtlSeconds: 86_400,
      logLevel: 'debug',
      bcryptRounds: 12,
      loginMaxFailures: 3,
      loginWindowSeconds: 60,
      recoveryWindowSeconds: 30,
      recoveryMaxEvents: 500,
      corsOrigins: ['https://a.example', 'https://b.example'],
      sqliteSynchronous: 'FULL',
      memoryTargetMb: 0,
      instanceId: 'pos-2',
      trustProxy: '10.0.0.0/8',
      admin: { userName: 'boss', password: 'B0ss&Pass', email: 'boss@example.com' },
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['172.31.240.10', '172.31.240.10'],
    ['0', 0],
    ['10.0.0.1', '10.0.0.1'],
    [' 10.0.0.1, 192.168.0.0/16 ,fd00::/8', '10.0.0.1,192.168.0.0/16,fd00::/8'],
  ])('POS_TRUST_PROXY=%j → %j', (raw, expected) => {
    expect(loadConfig({ POS_TRUST_PROXY: raw }).trustProxy).toBe(expected);
  });

  it.each([
    [{ PORT: 'http' }, 'PORT must be a whole number from 0 to 65535 (got "http")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535 (got "-1")'],
    [{ POS_ACCESS_TOKEN_TTL: '5' }, 'POS_ACCESS_TOKEN_TTL must be a whole number from 10 to 86400 (got "5")'],
    [{ POS_ACCESS_TOKEN_TTL: '1.5' }, 'POS_ACCESS_TOKEN_TTL must be a whole number from 10 to 86400 (got "1.5")'],
    [{ POS_REFRESH_TOKEN_TTL: '30d' }, 'POS_REFRESH_TOKEN_TTL must be a whole number from 60 to 31536000 (got "30d")'],
    [{ POS_BCRYPT_ROUNDS: '20' }, 'POS_BCRYPT_ROUNDS must be a whole number from 4 to 15 (got "20")'],
    [{ POS_LOGIN_MAX_FAILURES: '0' }, 'POS_LOGIN_MAX_FAILURES must be a whole number from 1 to 1000 (got "0")'],
    [{ POS_LOGIN_WINDOW: 'forever' }, 'POS_LOGIN_WINDOW must be a whole number from 1 to 86400 (got "forever")'],
    [{ POS_RECOVERY_MAX_EVENTS: '5' }, 'POS_RECOVERY_MAX_EVENTS must be a whole number from 10 to 1000000 (got "5")'],
    [{ POS_RECOVERY_WINDOW: '0' }, 'POS_RECOVERY_WINDOW must be a whole number from 1 to 3600 (got "0")'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")'],
    [{ POS_MEMORY_TARGET_MB: '200MB' }, 'POS_MEMORY_TARGET_MB must be a whole number from 0 to 1000000 (got "200MB")'],
    [{ POS_SQLITE_SYNCHRONOUS: 'OFF' }, 'POS_SQLITE_SYNCHRONOUS must be one of NORMAL, FULL (got "OFF")'],
    [{ POS_JWT_SECRET: 'too-short' }, 'POS_JWT_SECRET must be at least 32 characters long'],
    [
      { POS_JWT_SECRET: '' },
      'POS_JWT_SECRET is set but empty: remove the line to have the embedded store generate a secret, or ' +
        'use 32 or more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { POS_JWT_SECRET: ' '.repeat(32) },
      'POS_JWT_SECRET holds only whitespace: use 32 or more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { POS_JWT_SECRET: '\t\n'.repeat(20) },
      'POS_JWT_SECRET holds only whitespace: use 32 or more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { POS_JWT_SECRET: `${SECRET} ` },
      'POS_JWT_SECRET begins or ends with whitespace (a quoting slip in the environment file?): use 32 or ' +
        'more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { POS_JWT_SECRET: 'a'.repeat(40) },
      'POS_JWT_SECRET is too predictable (only 1 different characters): use 32 or more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { POS_JWT_SECRET: '0123'.repeat(10) },
      'POS_JWT_SECRET is too predictable (only 4 different characters): use 32 or more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { MONGODB_URI: 'mongodb://db:27017/pos?replicaSet=rs0', POS_JWT_SECRET: '' },
      'POS_JWT_SECRET is set but empty: remove the line to have the embedded store generate a secret, or ' +
        'use 32 or more random characters, e.g. the output of `openssl rand -base64 48`',
    ],
    [
      { MONGODB_URI: 'mongodb://db:27017/pos?replicaSet=rs0' },
      'POS_JWT_SECRET is required with MONGODB_URI: every instance must sign and verify tokens with the same secret',
    ],
    [{ MONGODB_URI: 'postgres://db/pos', POS_JWT_SECRET: SECRET }, 'MONGODB_URI must start with mongodb:// or mongodb+srv://'],
    [{ POS_ADMIN_USER_NAME: 'boss' }, 'POS_ADMIN_USER_NAME and POS_ADMIN_PASSWORD must be set together'],
    [{ POS_ADMIN_PASSWORD: 'B0ss&Pass' }, 'POS_ADMIN_USER_NAME and POS_ADMIN_PASSWORD must be set together'],
    [
      { POS_ADMIN_USER_NAME: 'boss', POS_ADMIN_PASSWORD: 'abc' },
      'POS_ADMIN_PASSWORD must follow the password rules: At least 8 characters, with an uppercase letter, ' +
        'a lowercase letter, a digit and one of @ $ ! % * ? &.',
    ],
    [
      { POS_ADMIN_USER_NAME: 'boss', POS_ADMIN_PASSWORD: 'bosspass1' },
      'POS_ADMIN_PASSWORD must follow the password rules: At least 8 characters, with an uppercase letter, ' +
        'a lowercase letter, a digit and one of @ $ ! % * ? &.',
    ],
    [
      { POS_TRUST_PROXY: 'yes' },
      'POS_TRUST_PROXY must be true, false, a number of proxy hops, or IP addresses and CIDR ranges separated by commas (got "yes")',
    ],
    [
      { POS_TRUST_PROXY: '10.0.0.0/33' },
      'POS_TRUST_PROXY must be true, false, a number of proxy hops, or IP addresses and CIDR ranges separated by commas (got "10.0.0.0/33")',
    ],
    [
      { POS_TRUST_PROXY: '10.0.0.1,proxy.local' },
      'POS_TRUST_PROXY must be true, false, a number of proxy hops, or IP addresses and CIDR ranges separated by commas (got "10.0.0.1,proxy.local")',
    ],
    [{ HOST: '999.1.1.1' }, 'HOST must be an IP address or a host name to listen on, such as 0.0.0.0, 127.0.0.1 or :: (got "999.1.1.1")'],
    [
      { HOST: 'http://localhost' },
      'HOST must be an IP address or a host name to listen on, such as 0.0.0.0, 127.0.0.1 or :: (got "http://localhost")',
    ],
    [
      { POS_CORS_ORIGINS: 'notaurl' },
      'POS_CORS_ORIGINS must list origins such as https://pos.example.com (scheme and host, no path or trailing slash), separated by commas (got "notaurl")',
    ],
    [
      { POS_CORS_ORIGINS: 'https://a.example, https://b.example/' },
      'POS_CORS_ORIGINS must list origins such as https://pos.example.com (scheme and host, no path or trailing slash), separated by commas (got "https://b.example/")',
    ],
    [
      { POS_CORS_ORIGINS: 'ftp://files.example' },
      'POS_CORS_ORIGINS must list origins such as https://pos.example.com (scheme and host, no path or trailing slash), separated by commas (got "ftp://files.example")',
    ],
    [
      { POS_ACESS_TOKEN_TTL: '600' },
      'POS_ACESS_TOKEN_TTL is not a setting this server knows (did you mean POS_ACCESS_TOKEN_TTL?); the settings are listed in the README',
    ],
    [
      { POS_ADMIN_USERNAME: 'boss' },
      'POS_ADMIN_USERNAME is not a setting this server knows (did you mean POS_ADMIN_USER_NAME?); the settings are listed in the README',
    ],
    [{ POS_FAVOURITE_COLOUR: 'blue' }, 'POS_FAVOURITE_COLOUR is not a setting this server knows; the settings are listed in the README'],
  ])('%j → ConfigError: %s', (env, problem) => {
    expect(problemsOf(env)).toStrictEqual([problem]);
  });

  it.each(['localhost', '::', '::1', '127.0.0.1', 'pos-1.internal'])('HOST=%j is accepted', (host) => {
    expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it('knows POS_ADMIN_EMAIL although it is read only beside the first manager, and ignores variables outside POS_', () => {
    expect(problemsOf({ POS_ADMIN_EMAIL: 'boss@example.com', POS_TRUST_PROXY: 'maybe' })).toStrictEqual([
      'POS_TRUST_PROXY must be true, false, a number of proxy hops, or IP addresses and CIDR ranges separated by commas (got "maybe")',
    ]);
    expect(loadConfig({ PATH: '/usr/bin', NODE_ENV: 'production', POSTGRES_URL: 'x' }).port).toBe(3000);
  });

  it('says a single problem in one line, naming the variable', () => {
    expect(() => loadConfig({ HOST: '999.1.1.1' })).toThrow(
      expect.objectContaining({
        message:
          'Invalid configuration: HOST must be an IP address or a host name to listen on, such as 0.0.0.0, 127.0.0.1 or :: (got "999.1.1.1")',
      }),
    );
  });

  it('reports every problem at once, one per line', () => {
    const env = { PORT: 'x', LOG_LEVEL: 'loud', MONGODB_URI: 'mongodb://db/pos' };
    expect(() => loadConfig(env)).toThrow(
      new ConfigError([
        'POS_JWT_SECRET is required with MONGODB_URI: every instance must sign and verify tokens with the same secret',
        'PORT must be a whole number from 0 to 65535 (got "x")',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      ]),
    );
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toBe(
        'Invalid configuration:\n' +
          '  - POS_JWT_SECRET is required with MONGODB_URI: every instance must sign and verify tokens with the same secret\n' +
          '  - PORT must be a whole number from 0 to 65535 (got "x")\n' +
          '  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      );
      expect((error as Error).name).toBe('ConfigError');
    }
  });

  it("every setting it reads is in the README's Configuration table, and the table names no other", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const documented = [...table.matchAll(/^\|([^|]+)\|/gm)].flatMap((row) =>
      [...(row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1]),
    );
    expect(knownSettings()).toContain('POS_ADMIN_EMAIL');
    expect([...new Set(documented)].sort()).toStrictEqual(knownSettings());
  });
});
