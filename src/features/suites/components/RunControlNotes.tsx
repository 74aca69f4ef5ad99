import { Alert } from '@mantine/core';
import { useT } from '../../../i18n';
import type { RunControlView } from '../control-hooks';

/** Where the run runs and whether it is paused: said in words, not only by which button shows. */
export function RunControlNotes({ control }: { control: RunControlView }) {
  const t = useT();
  const { phase, inFlight } = control.state;
  return (
    <>
      {control.elsewhere ? (
        <Alert color="blue" variant="light" data-testid="run-elsewhere">
          {t('suites.run.elsewhere')}
        </Alert>
      ) : null}
      {phase === 'paused' ? (
        <Alert color="yellow" variant="light" data-testid="run-paused" data-in-flight={inFlight}>
          {inFlight > 0 ? t('suites.run.pausing', { count: inFlight }) : t('suites.run.paused')}
        </Alert>
      ) : null}
    </>
  );
}
