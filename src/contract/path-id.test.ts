import { describe, expect, it } from 'vitest';
import { buildPath, ENDPOINTS } from './endpoints';
import { isPathId, pathIdProblem } from './path-id';

const DELETE = ENDPOINTS.deleteKnowledgeDocument.pattern;
const del = (documentId: string) => buildPath(DELETE, { knowledge_id: '5', document_id: documentId });

/** Ids that could change a request's path: refused by the predicate, and by the encoder even if a form let one by. */
const REFUSED: Array<[string, string]> = [
  ['', 'empty'],
  ['.', 'dot_segment'],
  ['..', 'dot_segment'],
  ['../conversations/77', 'reserved_character'],
  ['a?b', 'reserved_character'],
  ['a#b', 'reserved_character'],
  ['..\\conversations', 'reserved_character'],
  ['12\u0000', 'reserved_character'],
  ['12\n', 'reserved_character'],
  ['\t12', 'reserved_character'],
  ['12\u007f', 'reserved_character'],
  ['12\u0085', 'reserved_character'],
  ['12\uD800', 'reserved_character'],
  ['\uDE0012', 'reserved_character'],
];

describe('path ids', () => {
  it.each(REFUSED)('refuses %j (%s)', (id, problem) => {
    expect(pathIdProblem(id)).toBe(problem);
    expect(isPathId(id)).toBe(false);
  });

  it.each(['831506272047403', '文档一', 'doc-1.v2', '...', ' 12 ', '%2e%2e', 'a&b=c', '50%'])(
    'accepts %j: any other string the service could use',
    (id) => {
      expect(pathIdProblem(id)).toBeNull();
    },
  );
});

describe('buildPath, the one encoder of path segments', () => {
  it('fills a normal id as it is', () => {
    expect(del('831506272047403')).toBe('/v1/knowledge/5/document/831506272047403');
  });

  it('percent-encodes what a segment cannot hold as it is, so nothing decodes into a dot segment', () => {
    expect(del('文档一')).toBe('/v1/knowledge/5/document/%E6%96%87%E6%A1%A3%E4%B8%80');
    expect(del('%2e%2e')).toBe('/v1/knowledge/5/document/%252e%252e');
    expect(del('a b&c')).toBe('/v1/knowledge/5/document/a%20b%26c');
  });

  it.each(REFUSED.map(([id]) => id))('throws on %j rather than build a path from it', (id) => {
    expect(() => del(id)).toThrow(/refused|missing/);
  });

  it('throws on `..`: the browser would send DELETE /v1/knowledge/5/ instead', () => {
    expect(() => del('..')).toThrow(/document_id "\.\." refused: an id cannot be empty, "\." or "\.\."/);
    expect(new URL(`http://h${'/v1/knowledge/5/document/..'}`).pathname).toBe('/v1/knowledge/5/');
  });
});
