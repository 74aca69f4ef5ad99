import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isKeptDbError } from '../../../lib';
import { type SuiteRun } from '../../../suite-engine';
import { storageErrorKey } from '../../../components';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useRefreshSuites, useSuite, useSuitesStore } from '../hooks';

/**
 * On a finished run: mark it as the suite's baseline (one per suite, kept with the suite), or, when another run is
 * the baseline, compare this one with it. A failed write is said on the button's line, never read as done.
 */
export function BaselineActions({ run }: { run: SuiteRun }) {
  const t = useT();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const suite = useSuite(run.suiteId);
  const [failed, setFailed] = useState<string>();
  if (!suite.data) return null;
  const baseline = suite.data.baselineRunId;
  async function mark(runId: string | undefined) {
    setFailed(undefined);
    try {
      await store.setBaseline(run.suiteId, runId);
      await refresh();
    } catch (error) {
      setFailed(isKeptDbError(error) ? t(storageErrorKey(error.kind)) : String(error));
    }
  }
  return (
    <>
      {baseline === run.id ? (
        <>
          <Badge variant="light" size="lg" data-testid="is-baseline">
            {t('suites.baseline.this')}
          </Badge>
          <Button variant="subtle" onClick={() => void mark(undefined)}>
            {t('suites.baseline.unmark')}
          </Button>
        </>
      ) : (
        <>
          {baseline ? (
            <Button
              variant="default"
              component={Link}
              to={paths.suiteCompare.href(run.suiteId, { a: baseline, b: run.id })}
              data-testid="compare-baseline"
            >
              {t('suites.baseline.compare')}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => void mark(run.id)} data-testid="mark-baseline">
            {t('suites.baseline.mark')}
          </Button>
        </>
      )}
      {failed ? (
        <Badge color="red" variant="light" role="alert">
          {t('suites.baseline.notSaved', { reason: failed })}
        </Badge>
      ) : null}
    </>
  );
}
