// Third-party tools accept the served documents: Redocly's recommended rules pass on /openapi.json
// (but for the listed exceptions) and the AsyncAPI parser reads /asyncapi.json without a diagnostic.
import { Parser } from '@asyncapi/parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';

// The tests only read the documents: one app for the file (the fileApp fixture).

/** Findings the document keeps on purpose, each with its reason. */
const EXCEPTIONS = [
  {
    ruleId: 'no-unused-components',
    pointer: '#/components/responses/MethodNotAllowed',
    why: 'OpenAPI has no place for a method a path lacks; the 405 every path answers for one is described here and named in info.description.',
  },
];

describe('/openapi.json under Redocly recommended rules', () => {
  it('has no finding but the listed exceptions', async ({ fileApp: t }) => {
    const source = (await t.inject({ method: 'GET', url: '/openapi.json' })).body;
    const findings = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const found = findings.map((finding) => ({ ruleId: finding.ruleId, pointer: finding.location[0]?.pointer, message: finding.message }));
    const unexpected = found.filter(
      (finding) => !EXCEPTIONS.some((exception) => exception.ruleId === finding.ruleId && exception.pointer === finding.pointer),
    );
    expect(unexpected).toStrictEqual([]);
    // An exception that no longer happens is removed from the list rather than kept as a blank cheque.
    expect(
      EXCEPTIONS.map(({ ruleId, pointer }) => found.some((finding) => finding.ruleId === ruleId && finding.pointer === pointer)),
    ).toStrictEqual(EXCEPTIONS.map(() => true));
  });
});

describe('/asyncapi.json under the AsyncAPI parser', () => {
  it('parses as AsyncAPI 3.1 with no diagnostic at all', async ({ fileApp: t }) => {
    const source = (await t.inject({ method: 'GET', url: '/asyncapi.json' })).body;
    const { document, diagnostics } = await new Parser().parse(source);
    expect(diagnostics.map((diagnostic) => `${diagnostic.code}: ${diagnostic.message} at ${diagnostic.path.join('.')}`)).toStrictEqual([]);
    expect(document?.version()).toBe('3.1.0');
    expect(
      document
        ?.channels()
        .all()
        .map((channel) => channel.address()),
    ).toEqual(expect.arrayContaining(['station:cold', 'station:hot', 'station:beverages', 'expeditor', 'menu']));
  });
});
