import { Button } from '@mantine/core';
import { useT } from '../../../i18n';
import type { RunControlView } from '../control-hooks';

/** Pause or Resume, and Stop, of a running run: this tab's, or another tab's (the buttons ask that tab). */
export function RunControlButtons({ control }: { control: RunControlView }) {
  const t = useT();
  const { phase } = control.state;
  return (
    <>
      {phase === 'paused' ? (
        <Button variant="default" onClick={control.resume} data-testid="resume-run">
          {t('suites.run.resume')}
        </Button>
      ) : (
        <Button variant="default" onClick={control.pause} disabled={phase !== 'running'} data-testid="pause-run">
          {t('suites.run.pause')}
        </Button>
      )}
      <Button color="red" onClick={control.stop} disabled={phase === 'stopped'} data-testid="stop-run">
        {t('suites.run.stop')}
      </Button>
    </>
  );
}
