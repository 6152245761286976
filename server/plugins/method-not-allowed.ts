// Unknown routes answer 404 as a Problem; a known path with another method answers 405 with Allow.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../problem.js';

// A URL's pattern, made once per process: every instance built (a second one, each test's app)
// registers the same URLs. A RegExp without the g or y flag keeps no state between tests.
const patterns = new Map<string, RegExp>();
function pattern(url: string): RegExp {
  let made = patterns.get(url);
  if (!made) {
    const escaped = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    patterns.set(url, (made = new RegExp(`^${escaped.join('/')}/?$`)));
  }
  return made;
}

async function methodNotAllowed(app: FastifyInstance) {
  // By pattern: /orders/:id and /orders/:order_id are one path.
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = ([] as string[]).concat(route.method);
    const { source } = pattern(route.url);
    const known = routes.get(source);
    if (known) methods.forEach((method) => known.methods.add(method));
    else routes.set(source, { pattern: pattern(route.url), methods: new Set(methods) });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = [...routes.values()].find((entry) => entry.pattern.test(path))?.methods;
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
