// /settings: the restaurant's settings. The kitchen staff read them; managers change them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireKitchenStaff, requireManager } from '../../domain/accounts/access.js';
import * as settings from '../../domain/settings.js';
import { Settings, SettingsPatch, SettingsReplace } from '../../models/settings.js';
import { problems } from './shared.js';

const tags = ['Settings'];
const security = [{ AccessToken: [] }];
const changeSettings = (principal: Parameters<typeof requireManager>[0]) => requireManager(principal, 'change the settings');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings',
    {
      preValidation: app.authenticate((principal) => requireKitchenStaff(principal, 'read the settings')),
      schema: {
        operationId: 'getSettings',
        tags,
        security,
        summary: "The restaurant's settings",
        description:
          'Every field has a default: time_zone UTC, default_pacing at_once, max_wait_minutes null (no limit), ' +
          'low_portions 10, language en, currency USD. updated_at is null until the first change.',
        response: { 200: Settings, ...problems(401, 403) },
      },
    },
    async (request) => settings.getSettings(app.pos, request.principal),
  );

  app.put(
    '/settings',
    {
      preValidation: app.authenticate(changeSettings),
      schema: {
        operationId: 'replaceSettings',
        tags,
        security,
        summary: 'Replace the settings',
        description:
          'The fields given are set; those left out return to their defaults. A change is a `settings.updated` event to every staff room.',
        body: SettingsReplace,
        response: { 200: Settings, ...problems(400, 401, 403, 415) },
      },
    },
    async (request) => settings.replaceSettings(app.pos, request.principal, request.body),
  );

  app.patch(
    '/settings',
    {
      preValidation: app.authenticate(changeSettings),
      schema: {
        operationId: 'updateSettings',
        tags,
        security,
        summary: 'Change some settings',
        description: 'Only the fields given change. A change is a `settings.updated` event to every staff room.',
        body: SettingsPatch,
        response: { 200: Settings, ...problems(400, 401, 403, 415) },
      },
    },
    async (request) => settings.patchSettings(app.pos, request.principal, request.body),
  );
};

export default routes;
