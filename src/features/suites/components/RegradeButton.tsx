import { Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SuiteRun } from '../../../suite-engine';
import { activeGrader } from '../../../lib';
import { useT } from '../../../i18n';
import { paths } from '../../../config/paths';
import { useRefreshSuites, useSuite, useSuitesStore } from '../hooks';
import { regradeKeptRun } from '../model/regrade-run';

/**
 * "Re-grade with the current suite" on a kept run: its answers judged against the suite as it is now, kept as a new
 * run (model/regrade-run.ts), then opened. A failure is shown by the page (`onError`).
 */
export function RegradeButton({
  run,
  suiteId,
  disabled,
  onError,
}: {
  run: SuiteRun;
  suiteId: string;
  disabled?: boolean;
  onError(error: unknown): void;
}) {
  const t = useT();
  const store = useSuitesStore();
  const refresh = useRefreshSuites();
  const navigate = useNavigate();
  const current = useSuite(suiteId);
  const [busy, setBusy] = useState(false);
  const file = current.data?.file;

  async function regrade() {
    if (!file) return;
    setBusy(true);
    onError(null);
    try {
      const { run: made } = await regradeKeptRun({ store, saved: run, suiteId, file, grader: activeGrader() });
      void refresh();
      navigate(paths.suiteRun.href(suiteId, made.id), { state: { focusHeading: true } });
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Tooltip label={t('suites.run.regradeHint')} multiline w={320}>
      <Button
        variant="default"
        loading={busy}
        disabled={disabled || !file}
        onClick={() => void regrade()}
        data-testid="regrade-run"
      >
        {t('suites.run.regrade')}
      </Button>
    </Tooltip>
  );
}
