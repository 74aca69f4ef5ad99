import type { z } from './zod';
import type { ParseResult } from './drift';
import { isPathId, PATH_ID_RULE } from './path-id';
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

/** Anything that reads an answer the way the contract's records do (defineRecord builds every one). */
export interface ResponseParser<T = unknown> {
  parse(raw: unknown): ParseResult<T>;
}

/** An answer's record: the documented view (what the sandbox must produce) and the parser for the console. */
export interface ResponseRecord<T = unknown> extends ResponseParser<T> {
  documented: z.ZodMiniType;
  tolerant: z.ZodMiniType;
}

/**
 * One operation. Generic over its pattern, request schema and response record, so that the table below
 * carries every type: params, body and answer are inferred from it, never restated.
 */
export interface Endpoint<
  P extends string = string,
  Req extends z.ZodMiniType | null = z.ZodMiniType | null,
  Res extends ResponseRecord = ResponseRecord,
> {
  name: string;
  host: Host;
  method: Method;
  /** Express-style pattern; the sandbox routes on it, the client builds paths from it. */
  pattern: P;
  /** The body's schema, or null for an operation without a body. */
  request: Req;
  response: Res;
}

const endpoint = <const P extends string, Req extends z.ZodMiniType | null, Res extends ResponseRecord>(
  e: Endpoint<P, Req, Res>,
): Endpoint<P, Req, Res> => e;

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

type Parsed<R> = R extends ResponseParser<infer T> ? T : never;
/** What an endpoint's answer reads as (its record's tolerant view). */
export type EndpointData<N extends EndpointName> = Parsed<(typeof ENDPOINTS)[N]['response']>;
/** What the sandbox must answer (the record's documented view). */
export type EndpointWire<N extends EndpointName> = z.input<(typeof ENDPOINTS)[N]['response']['documented']>;

type RequestSchema<N extends EndpointName> = (typeof ENDPOINTS)[N]['request'];
/** The names of the endpoints that take a body. */
export type EndpointWithBody = { [N in EndpointName]: RequestSchema<N> extends null ? never : N }[EndpointName];
/** The body an endpoint takes, as a caller writes it (before defaults). */
export type EndpointBody<N extends EndpointWithBody> = z.input<NonNullable<RequestSchema<N>>>;
/** The body as validated (after defaults), which the sandbox's handler receives. */
export type EndpointBodyOutput<N extends EndpointWithBody> = z.output<NonNullable<RequestSchema<N>>>;

/** One row of the table with its types spelled out from the row itself. */
export type EndpointOf<N extends EndpointName> = Endpoint<
  (typeof ENDPOINTS)[N]['pattern'],
  RequestSchema<N>,
  ResponseRecord<EndpointData<N>>
>;

// The table seen through a mapped type (checked row by row, no cast): for a generic `N`, TypeScript cannot
// tie `ENDPOINTS[N].response` to `EndpointData<N>`, but it can tie `TABLE[N]` to `EndpointOf<N>`.
const TABLE: { readonly [N in EndpointName]: EndpointOf<N> } = ENDPOINTS;

/** `ENDPOINTS[name]`, typed so that for a generic name its params, body and answer stay tied together. */
export const endpointOf = <N extends EndpointName>(name: N): EndpointOf<N> => TABLE[name];

/**
 * Fills a pattern's `:params`: the one place a path segment is encoded. Each value is URI-encoded; a value that
 * could still change the path on its way (a browser resolves `.` and `..` even when encoded, a proxy that decodes
 * turns `%2F` back into `/`; see path-id.ts) throws instead of being sent, whatever form or file it came from.
 */
export function buildPath<P extends string>(pattern: P, params: PathParams<P>): string {
  return pattern.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = (params as Record<string, string>)[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    if (!isPathId(value)) throw new Error(`path parameter ${name} ${JSON.stringify(value)} refused: ${PATH_ID_RULE}`);
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
