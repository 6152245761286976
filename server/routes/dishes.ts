// /dishes: the menu, with live availability. Anyone reads it; chefs and managers change it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireMenuEditor } from '../../domain/accounts/access.js';
import * as dishes from '../../domain/menu/dishes.js';
import { FieldsQuery, IdParams, ListQuerystring } from '../../models/common.js';
import { Dish, dishCatalogue, DishPatch, DishWrite } from '../../models/dish.js';
import { Ingredient, ingredientCatalogue } from '../../models/ingredient.js';
import { parseFields, parseListQuery, project } from '../../query/parse.js';
import { ListResponse, NoContent, problems, Projectable, projectPage, sendCreated, serializedOnce } from './shared.js';

const tags = ['Dishes'];
const security = [{ AccessToken: [] }];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dishes',
    {
      schema: {
        operationId: 'listDishes',
        tags,
        summary: 'List dishes',
        description: 'Filter on `is_available.eq~true` to get only the dishes that can be sold now.',
        querystring: ListQuerystring,
        response: { 200: ListResponse(Dish, 'A page of dishes'), ...problems(400) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, dishCatalogue);
      return projectPage(await dishes.listDishes(app.pos, query), query.fields);
    },
  );

  // The live menu's dishes are frozen and shared until they change: each is serialized once.
  const sendDish = serializedOnce();
  app.get(
    '/dishes/:id',
    {
      schema: {
        operationId: 'getDish',
        tags,
        summary: 'Get a dish',
        params: IdParams,
        querystring: FieldsQuery,
        response: { 200: Projectable(Dish), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const fields = parseFields(request.query.fields, dishCatalogue);
      const dish = await dishes.getDish(app.pos, request.params.id);
      return fields ? project(dish, fields) : sendDish(reply, dish);
    },
  );

  app.get(
    '/dishes/:id/ingredients',
    {
      schema: {
        operationId: 'listDishIngredients',
        tags,
        summary: "List a dish's ingredients",
        params: IdParams,
        querystring: ListQuerystring,
        response: { 200: ListResponse(Ingredient, "A page of the dish's ingredients"), ...problems(400, 404) },
      },
    },
    async (request) => {
      const query = parseListQuery(request.query, ingredientCatalogue);
      return projectPage(await dishes.listDishIngredients(app.pos, request.params.id, query), query.fields);
    },
  );

  app.post(
    '/dishes',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'createDish',
        tags,
        security,
        summary: 'Add a dish',
        body: DishWrite,
        response: { 201: Dish, ...problems(400, 401, 403, 415) },
      },
    },
    async (request, reply) => sendCreated(reply, '/dishes', await dishes.createDish(app.pos, request.body)),
  );

  app.put(
    '/dishes/:id',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'replaceDish',
        tags,
        security,
        summary: 'Replace a dish',
        params: IdParams,
        body: DishWrite,
        response: { 200: Dish, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => dishes.changeDish(app.pos, request.params.id, request.body, true),
  );

  app.patch(
    '/dishes/:id',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'updateDish',
        tags,
        security,
        summary: 'Change some fields of a dish',
        params: IdParams,
        body: DishPatch,
        response: { 200: Dish, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => dishes.changeDish(app.pos, request.params.id, request.body, false),
  );

  app.delete(
    '/dishes/:id',
    {
      preValidation: app.authenticate(requireMenuEditor),
      schema: {
        operationId: 'deleteDish',
        tags,
        security,
        summary: 'Delete a dish no unfinished order needs',
        params: IdParams,
        response: { 204: NoContent, ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await dishes.deleteDish(app.pos, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
