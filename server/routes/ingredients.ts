// /ingredients: the stock. Anyone reads it; chefs and managers change it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireMenuEditor } from '../../domain/accounts/access.js';
import * as ingredients from '../../domain/menu/ingredients.js';
import { FieldsQuery, IdParams, ListQuerystring } from '../../models/common.js';
import { Ingredient, ingredientCatalogue, IngredientCreate, IngredientPatch, IngredientReplace } from '../../models/ingredient.js';
import { parseFields, parseListQuery, project } from '../../query/parse.js';
import { ListResponse, NoContent, problems, Projectable, projectPage, sendCreated } from './shared.js';

const tags = ['Ingredients'];
const security = [{ AccessToken: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ingredients',
    {
      schema: {
        operationId: 'listIngredients',
        tags,
        summary: 'List ingredients',
        querystring: ListQuerystring,
        response: { 200: ListResponse(Ingredient, 'A page of ingredients'), ...problems(400) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, ingredientCatalogue);
      return projectPage(await ingredients.listIngredients(app.pos, query), query.fields);
    },
  );

  app.get(
    '/ingredients/:id',
    {
      schema: {
        operationId: 'getIngredient',
        tags,
        summary: 'Get an ingredient',
        params: IdParams,
        querystring: FieldsQuery,
        response: { 200: Projectable(Ingredient), ...problems(400, 404) },
      },
    },
    async (request) => {
      const fields = parseFields(request.query.fields, ingredientCatalogue);
      return project(await ingredients.getIngredient(app.pos, request.params.id), fields);
    },
  );

  app.post(
    '/ingredients',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'createIngredient',
        tags,
        security,
        summary: 'Add an ingredient',
        body: IngredientCreate,
        response: { 201: Ingredient, ...problems(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      return sendCreated(reply, '/ingredients', await ingredients.createIngredient(app.pos, request.body));
    },
  );

  app.put(
    '/ingredients/:id',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'replaceIngredient',
        tags,
        security,
        summary: 'Replace an ingredient',
        params: IdParams,
        body: IngredientReplace,
        response: { 200: Ingredient, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return ingredients.replaceIngredient(app.pos, request.params.id, request.body);
    },
  );

  app.patch(
    '/ingredients/:id',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'updateIngredient',
        tags,
        security,
        summary: 'Change an ingredient; in_stock_delta adjusts the stock atomically',
        params: IdParams,
        body: IngredientPatch,
        response: { 200: Ingredient, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return ingredients.patchIngredient(app.pos, request.params.id, request.body);
    },
  );

  app.delete(
    '/ingredients/:id',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'deleteIngredient',
        tags,
        security,
        summary: 'Delete an ingredient no dish uses',
        params: IdParams,
        response: { 204: NoContent, ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await ingredients.deleteIngredient(app.pos, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
