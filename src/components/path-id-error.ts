import { isPathId } from '../contract';
import { useT } from '../i18n';

/**
 * The field's message for an id that cannot go into a request's path (src/contract/path-id.ts), or null. Shown as
 * the admin types and checked again on submit by every id box; an empty box is each form's own message.
 */
export function usePathIdError(): (id: string) => string | null {
  const t = useT();
  return (id) => (id === '' || isPathId(id) ? null : t('ids.unsafe'));
}
