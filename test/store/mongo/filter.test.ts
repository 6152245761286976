// The list query compiled to MongoDB: exact filters and sorts for the semantics in query/types.ts.
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { dishCatalogue } from '../../../models/dish.js';
import { orderStoreCatalogue } from '../../../models/order.js';
import type { Condition } from '../../../query/types.js';
import { compileFilter, compileSort, escapeRegExp } from '../../../store/mongo/filter.js';

const ID = '674f1a2b3c4d5e6f70819201';
const oid = (hex: string) => new mongoose.mongo.ObjectId(hex);
const orders = (...conditions: Condition[]) => compileFilter(orderStoreCatalogue, conditions);
const dishes = (...conditions: Condition[]) => compileFilter(dishCatalogue, conditions);

describe('compileFilter', () => {
  it('no conditions match everything', () => {
    expect(orders()).toEqual({});
  });

  it('a value that looks like an operator stays a literal string under $eq', () => {
    expect(dishes({ field: 'name', op: 'eq', value: '{"$gt":""}' })).toEqual({ $and: [{ name: { $eq: '{"$gt":""}' } }] });
  });

  it('refuses an object value: a client string can never become an operator', () => {
    const injected = { field: 'name', op: 'eq', value: { $gt: '' } } as unknown as Condition;
    expect(() => dishes(injected)).toThrow(TypeError);
    expect(() => dishes({ field: 'name', op: 'in', value: [{ $ne: null }] } as unknown as Condition)).toThrow(TypeError);
  });

  it('refuses fields outside the catalogue, and computed ones', () => {
    expect(() => dishes({ field: '$where', op: 'eq', value: 'x' })).toThrow('cannot query the field "$where"');
    expect(() => dishes({ field: 'is_available', op: 'eq', value: true })).toThrow('cannot query the field "is_available"');
    expect(() => dishes({ field: '__proto__', op: 'eq', value: 'x' })).toThrow();
  });

  it('ne is $ne, which also holds for null and missing values', () => {
    expect(orders({ field: 'table_number', op: 'ne', value: 4 })).toEqual({ $and: [{ table_number: { $ne: 4 } }] });
  });

  it('ordering operators use $gt…$lte (type bracketing keeps nulls out); a null bound matches nothing', () => {
    expect(orders({ field: 'priority', op: 'lte', value: 2 })).toEqual({ $and: [{ priority: { $lte: 2 } }] });
    expect(orders({ field: 'fire_at', op: 'gte', value: null })).toEqual({ $and: [{ _id: { $in: [] } }] });
  });

  it('in / nin keep empty lists: $in [] matches nothing, $nin [] everything', () => {
    expect(orders({ field: 'status', op: 'in', value: [] })).toEqual({ $and: [{ status: { $in: [] } }] });
    expect(orders({ field: 'status', op: 'nin', value: [] })).toEqual({ $and: [{ status: { $nin: [] } }] });
  });

  it('array fields: eq on the array (containment), item fields through a dotted path', () => {
    expect(orders({ field: 'dish_ids', op: 'eq', value: ID })).toEqual({ $and: [{ dish_ids: { $eq: ID } }] });
    expect(dishes({ field: 'ingredients.ingredient_id', op: 'in', value: [ID] })).toEqual({
      $and: [{ 'ingredients.ingredient_id': { $in: [ID] } }],
    });
  });

  it('contains is a case-insensitive regex of the escaped text', () => {
    expect(dishes({ field: 'name', op: 'contains', value: 'a.b*(c)' })).toEqual({
      $and: [{ name: { $regex: 'a\\.b\\*\\(c\\)', $options: 'i' } }],
    });
    expect(new RegExp(escapeRegExp('^[x]$|?+{1}\\'), 'i').test('^[X]$|?+{1}\\')).toBe(true);
  });

  it('two conditions on one field both hold (no key overwrites the other)', () => {
    expect(orders({ field: 'status', op: 'ne', value: 'Draft' }, { field: 'status', op: 'ne', value: 'Received' })).toEqual({
      $and: [{ status: { $ne: 'Draft' } }, { status: { $ne: 'Received' } }],
    });
  });

  it('ids compare as ObjectIds; a string that is not an id stays a string (it matches no ObjectId)', () => {
    expect(orders({ field: 'id', op: 'in', value: [ID, 'nope'] })).toEqual({ $and: [{ _id: { $in: [oid(ID), 'nope'] } }] });
    expect(orders({ field: 'id', op: 'gt', value: ID })).toEqual({ $and: [{ _id: { $gt: oid(ID) } }] });
  });

  it('a substring of an id, or a bound that is no id, compares the hex text with $literal data', () => {
    expect(orders({ field: 'id', op: 'contains', value: '$f1A' })).toEqual({
      $and: [{ $expr: { $regexMatch: { input: { $toString: '$_id' }, regex: { $literal: '\\$f1A' }, options: 'i' } } }],
    });
    expect(orders({ field: 'id', op: 'lt', value: '$abc' })).toEqual({
      $and: [{ $expr: { $lt: [{ $toString: '$_id' }, { $literal: '$abc' }] } }],
    });
  });

  it('ids of other documents (owner_id, dish_ids) are plain strings', () => {
    expect(orders({ field: 'owner_id', op: 'eq', value: ID })).toEqual({ $and: [{ owner_id: { $eq: ID } }] });
  });
});

describe('compileSort', () => {
  it('default order: oldest first, then id', () => {
    expect(compileSort(orderStoreCatalogue, undefined)).toEqual({ created_at: 1, _id: 1 });
  });

  it('ties break by id in the sort direction, so the index {field: 1, _id: 1} serves a descending list backwards', () => {
    expect(compileSort(orderStoreCatalogue, { field: 'priority', direction: 'desc' })).toEqual({ priority: -1, _id: -1 });
  });

  it('sorting by id is by _id alone', () => {
    expect(compileSort(orderStoreCatalogue, { field: 'id', direction: 'desc' })).toEqual({ _id: -1 });
  });
});
