import { useMatch, useParams } from 'react-router-dom';
import { keptDbWrapperLoaded, useConnection } from '../../lib';
import { openDB } from '../../lib/storage/kept-db-wrapper';
import { paths } from '../../config/paths';
import { ComparePage } from './components/ComparePage';
import { NoProfile } from './components/NoProfile';
import { RunPage } from './components/RunPage';
import { SuiteListPage } from './components/SuiteListPage';
import { SuitePage } from './components/SuitePage';

// Every suites page reads IndexedDB as it shows: its wrapper comes with this chunk, not after the first render.
keptDbWrapperLoaded(openDB);

/**
 * /suites: the suites kept for the active profile · /suites/:suiteId: edit and run one, its runs and trend ·
 * /suites/:suiteId/runs/:runId: a run's results · /suites/:suiteId/compare?a=…&b=…: two runs or variants.
 */
export default function SuitesRoute() {
  const { suiteId, runId } = useParams();
  const { active } = useConnection();
  const compare = useMatch(paths.suiteCompare.path);
  if (!active) return <NoProfile />;
  if (!suiteId) return <SuiteListPage profile={active} />;
  if (runId) return <RunPage key={runId} suiteId={suiteId} runId={runId} profile={active} />;
  if (compare) return <ComparePage suiteId={suiteId} />;
  return <SuitePage key={suiteId} suiteId={suiteId} profile={active} />;
}
