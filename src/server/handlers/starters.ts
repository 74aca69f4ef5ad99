import type { Route } from './types';
import type { SandboxState } from './types';

/** Records offered per kind: enough to pick from, few enough to read at a glance. */
export const STARTERS_PER_KIND = 6;

export interface Starter {
  id: string;
  name: string;
}

export interface Starters {
  knowledge: Starter[];
  dataset: Starter[];
  /** One live document per knowledge base, first in the fixture's order, with the knowledge base it belongs to. */
  document: (Starter & { knowledge_id: string })[];
  conversation: Starter[];
  /** Each space with the questions its fixture gives it (`sample_questions`, possibly none). */
  space: (Starter & { questions: string[] })[];
}

/**
 * Where a new admin can start: records of the running fixture that the sandbox holds now (a deleted document or
 * conversation is not offered), by kind, with their names. From whatever fixture runs, so the console keeps no list.
 */
export function startersOf({ fixture, store }: Pick<SandboxState, 'fixture' | 'store'>): Starters {
  const first = <T>(items: Iterable<T>): T[] => {
    const out: T[] = [];
    for (const item of items) {
      if (out.length >= STARTERS_PER_KIND) break;
      out.push(item);
    }
    return out;
  };
  const knowledge = fixture.knowledge.flatMap((k) => {
    const held = store.getKnowledge(k.knowledge_id);
    return held ? [{ id: k.knowledge_id, name: held.name || k.knowledge_id }] : [];
  });
  const documentOf = new Map<string, Starters['document'][number]>();
  for (const d of fixture.documents) {
    if (documentOf.has(d.knowledge_id)) continue;
    const held = store.getDocument(d.document_id);
    if (held && held.status > 0)
      documentOf.set(d.knowledge_id, { id: d.document_id, name: held.name, knowledge_id: d.knowledge_id });
  }
  return {
    knowledge: first(knowledge),
    dataset: first(
      fixture.datasets.flatMap((d) => {
        const held = store.getStoredDataset(d.dataset_id);
        return held ? [{ id: d.dataset_id, name: held.name || d.dataset_id }] : [];
      }),
    ),
    document: first(documentOf.values()),
    conversation: first(
      fixture.conversations.flatMap((c) => {
        const held = store.getLiveConversation(c.conversation_id);
        return held ? [{ id: c.conversation_id, name: held.title || c.conversation_id }] : [];
      }),
    ),
    space: first(
      fixture.spaces.flatMap((s) => {
        const held = store.getSpace(s.space_id);
        return held ? [{ id: s.space_id, name: held.name || s.space_id, questions: s.sample_questions }] : [];
      }),
    ),
  };
}

/** The console asks for these only once the profile has answered as a sandbox (GET /__sandbox/demo-suite). */
export const startersRoute: Route = {
  host: 'base',
  method: 'GET',
  pattern: '/__sandbox/starters',
  auth: true,
  bodySchema: null,
  handle: ({ state }) => ({ body: startersOf(state) }),
};
