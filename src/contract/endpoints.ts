import type { z } from './zod';
import { CompletionBody, QueryBaseBody, UpdateConversationBody } from './requests';
import {
  CompletionResultRecord,
  ConversationRecord,
  DatasetRecord,
  DocumentBaseInfoRecord,
  DocumentFullTextRecord,
  KnowledgeReadRecord,
  StatusMessageRecord,
} from './records';

export type Host = 'base' | 'secondary';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `/v1/knowledge/:knowledge_id` → `'knowledge_id'` */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

interface ResponseRecord {
  documented: z.ZodMiniType;
  tolerant: z.ZodMiniType;
  parse(raw: unknown): unknown;
}

export interface Endpoint<P extends string = string> {
  name: string;
  host: Host;
  method: Method;
  /** Express-style pattern; the sandbox routes on it, the client builds paths from it. */
  pattern: P;
  request: z.ZodMiniType | null;
  response: ResponseRecord;
}

const endpoint = <const P extends string>(e: Endpoint<P>): Endpoint<P> => e;

/** The eight operations of the service. */
export const ENDPOINTS = {
  deleteKnowledgeDocument: endpoint({
    name: 'Delete knowledge document',
    host: 'secondary',
    method: 'DELETE',
    pattern: '/v1/knowledge/:knowledge_id/document/:document_id',
    request: null,
    response: StatusMessageRecord,
  }),
  updateConversation: endpoint({
    name: 'Update conversation',
    host: 'secondary',
    method: 'PUT',
    pattern: '/v1/conversations/:conversation_id',
    request: UpdateConversationBody,
    response: ConversationRecord,
  }),
  deleteConversation: endpoint({
    name: 'Delete conversation',
    host: 'secondary',
    method: 'DELETE',
    pattern: '/v1/conversations/:conversation_id',
    request: null,
    response: ConversationRecord,
  }),
  getKnowledge: endpoint({
    name: 'Get knowledge',
    host: 'secondary',
    method: 'GET',
    pattern: '/v1/knowledge/:knowledge_id',
    request: null,
    response: KnowledgeReadRecord,
  }),
  getDataset: endpoint({
    name: 'Get dataset',
    host: 'base',
    method: 'GET',
    pattern: '/v1/datasets/:dataset_id',
    request: null,
    response: DatasetRecord,
  }),
  queryDocumentBase: endpoint({
    name: 'Query document base info',
    host: 'base',
    method: 'POST',
    pattern: '/v1/documents/query-base',
    request: QueryBaseBody,
    response: DocumentBaseInfoRecord,
  }),
  getDocumentTexts: endpoint({
    name: 'Get document full texts',
    host: 'base',
    method: 'GET',
    pattern: '/v1/documents/texts/:document_id',
    request: null,
    response: DocumentFullTextRecord,
  }),
  chatCompletions: endpoint({
    name: 'Chat completions',
    host: 'base',
    method: 'POST',
    pattern: '/v1/spaces/completions/:space_id',
    request: CompletionBody,
    response: CompletionResultRecord,
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type EndpointParams<N extends EndpointName> = PathParams<(typeof ENDPOINTS)[N]['pattern']>;

/** Fills a pattern's `:params`, each URI-encoded so an id can never change the path's shape. */
export function buildPath<P extends string>(pattern: P, params: PathParams<P>): string {
  return pattern.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = (params as Record<string, string>)[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a pattern; returns the decoded params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([a-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const m = new RegExp(`^${source}$`).exec(path);
  if (!m) return null;
  const out: Record<string, string> = {};
  try {
    names.forEach((name, i) => (out[name] = decodeURIComponent(m[i + 1]!)));
  } catch {
    return null;
  }
  return out;
}
