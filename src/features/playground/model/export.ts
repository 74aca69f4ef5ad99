import { toCurl } from '../../../api';
import { requestLog, type RequestLogEntry } from '../../../lib';
import type { Exchange } from './exchange';
import type { PlaygroundOptions } from './options';

/** The transcript as a JSON document (what is stored, plus when and where from). */
export function exportJson(
  spaceId: string,
  options: PlaygroundOptions,
  exchanges: readonly Exchange[],
  now = new Date(),
): string {
  return JSON.stringify(
    {
      kind: 'knowledge-console.playground',
      version: 1,
      exportedAt: now.toISOString(),
      space_id: spaceId,
      options,
      exchanges: exchanges.map((e) => ({ ...e, logId: undefined })),
    },
    null,
    2,
  );
}

export interface MarkdownLabels {
  title: string;
  user: string;
  assistant: string;
  sources: string;
  usage: string;
  status: Record<Exchange['status'], string>;
}

/** A readable transcript: each message, its sources and its token usage. */
export function exportMarkdown(
  spaceId: string,
  exchanges: readonly Exchange[],
  labels: MarkdownLabels,
  now = new Date(),
): string {
  const lines = [`# ${labels.title}`, '', `space_id: \`${spaceId}\` · ${now.toISOString()}`, ''];
  for (const e of exchanges) {
    lines.push(
      `## ${labels.user}`,
      '',
      e.body.message,
      '',
      `## ${labels.assistant}${e.status === 'done' ? '' : ` (${labels.status[e.status]})`}`,
      '',
    );
    if (e.text) lines.push(e.text, '');
    if (e.error) lines.push(`> ${e.error.serviceMessage ?? e.error.message}`, '');
    const chunks = e.result?.document_chunks ?? [];
    if (chunks.length) {
      lines.push(`**${labels.sources}**`, '');
      for (const c of chunks)
        lines.push(
          `- ${c.document_name ?? ''} \`${c.document_id ?? '?'}\`${c.score !== undefined ? ` (${c.score.toFixed(3)})` : ''}`,
        );
      lines.push('');
    }
    const u = e.result?.token_usage;
    if (u)
      lines.push(
        `_${labels.usage}: ${u.model_name ?? ''} · ${u.prompt_tokens ?? 0} + ${u.completion_tokens ?? 0} = ${u.total_tokens ?? 0}_`,
        '',
      );
  }
  return lines.join('\n');
}

/**
 * A curl command for an exchange. The request log's entry is used while it exists (it has the exact
 * headers sent); after a reload the same command is rebuilt from the stored URL and body. Either way
 * the token is `***` unless given.
 */
export function curlFor(exchange: Pick<Exchange, 'url' | 'body' | 'logId'>, token?: string): string {
  const logged = exchange.logId ? requestLog.getEntry(exchange.logId) : undefined;
  const entry: RequestLogEntry = logged ?? {
    id: 'rebuilt',
    startedAt: 0,
    method: 'POST',
    host: 'base',
    url: exchange.url,
    targetUrl: exchange.url,
    path: '',
    pending: false,
    drift: [],
    requestHeaders: {
      Accept: exchange.body.stream ? 'text/event-stream, application/json' : 'application/json',
      Authorization: 'Bearer ***',
      'Content-Type': 'application/json',
    },
    requestBody: JSON.stringify(exchange.body),
  };
  return toCurl(entry, token ? { token } : {});
}
