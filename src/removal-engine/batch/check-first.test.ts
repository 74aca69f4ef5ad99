import { describe, expect, it } from 'vitest';
import { placeFound, summarise } from './check-first';

const target = { knowledgeId: '641506272040001', datasetId: '741506272040001' };

describe('placeFound: what an existing document is said to be', () => {
  it('with the documented base info (name, description, url) it exists, in a knowledge base not known', () => {
    expect(placeFound('8', { name: 'a.md', description: '', url: '' }, target)).toEqual({
      id: '8',
      status: 'exists',
      name: 'a.md',
    });
  });

  it('a knowledge_id in the base info is compared with this knowledge base', () => {
    expect(placeFound('8', { name: 'a.md', knowledge_id: target.knowledgeId }, target).status).toBe('found');
    expect(placeFound('8', { name: 'a.md', knowledge_id: 631506272047205 }, target)).toEqual({
      id: '8',
      status: 'elsewhere',
      name: 'a.md',
      where: '631506272047205',
    });
  });

  it("a dataset_id is compared with the knowledge base's dataset, and only when that is known", () => {
    expect(placeFound('8', { dataset_id: target.datasetId }, target).status).toBe('found');
    expect(placeFound('8', { dataset_id: '731506272047301' }, target).status).toBe('elsewhere');
    expect(placeFound('8', { dataset_id: '731506272047301' }, { knowledgeId: target.knowledgeId }).status).toBe(
      'exists',
    );
  });

  it('an empty or odd id field says nothing', () => {
    expect(placeFound('8', { knowledge_id: ' ', dataset_id: null }, target).status).toBe('exists');
  });
});

describe('summarise', () => {
  it('counts each kind apart', () => {
    expect(
      summarise([
        { id: '1', status: 'found' },
        { id: '2', status: 'exists' },
        { id: '3', status: 'exists' },
        { id: '4', status: 'elsewhere', where: '9' },
        { id: '5', status: 'unknown' },
        { id: '6', status: 'unchecked', error: 'HTTP 500' },
      ]),
    ).toEqual({ found: 1, exists: 2, elsewhere: 1, unknown: 1, unchecked: 1 });
  });
});
