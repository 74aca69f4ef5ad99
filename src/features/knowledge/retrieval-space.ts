import { browserStorage, safeStorage } from '../../lib';

/** The space each knowledge base's Test retrieval runs through, per profile (ids only, nothing secret). */
const KEY = 'kc.retrievalSpace.v1';
const kept = safeStorage(() => browserStorage('local'));

type Remembered = Record<string, Record<string, string>>;

function read(): Remembered {
  return (
    kept.readJson(KEY, {
      parse: (v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Remembered) : undefined),
    }) ?? {}
  );
}

export function rememberedSpace(profileId: string, knowledgeId: string): string | undefined {
  const id = read()[profileId]?.[knowledgeId];
  return typeof id === 'string' ? id : undefined;
}

export function rememberSpace(profileId: string, knowledgeId: string, spaceId: string): void {
  const all = read();
  all[profileId] = { ...all[profileId], [knowledgeId]: spaceId };
  kept.writeJson(KEY, all);
}
