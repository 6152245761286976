// Unknown routes answer 404 as a Problem; a known path with another method answers 405 with Allow.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../problem.js';

function pattern(url: string): RegExp {
  const escaped = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}/?$`);
}

async function methodNotAllowed(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = ([] as string[]).concat(route.method);
    const known = routes.find((entry) => entry.pattern.source === pattern(route.url).source);
    if (known) methods.forEach((method) => known.methods.add(method));
    else routes.push({ pattern: pattern(route.url), methods: new Set(methods) });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.find((entry) => entry.pattern.test(path))?.methods;
    if (allowed && !allowed.has(request.method)) {
      const allow = [...allowed]
        .filter((method) => method !== 'HEAD')
        .sort()
        .join(', ');
      return sendProblem(
        reply,
        {
          type: 'about:blank',
          title: 'Method Not Allowed',
          status: 405,
          detail: `${request.method} is not supported on ${path}; use ${allow}.`,
        },
        { allow },
      );
    }
    return sendProblem(reply, {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: `There is no route ${request.method} ${path}.`,
    });
  });
}

export default fp(methodNotAllowed, { name: 'pos-method-not-allowed' });
