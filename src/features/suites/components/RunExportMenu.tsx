import { Button, Menu } from '@mantine/core';
import { runToCsv, runToJson, runToJunit, type SuiteRun } from '../../../suite-engine';
import { downloadText, fileStamp } from '../../../components';
import { useT } from '../../../i18n';
import { fileNameOf } from '../model/names';

/** The run downloaded as JSON, CSV or JUnit XML, named after the suite and the time it started. */
export function RunExportMenu({ run }: { run: SuiteRun }) {
  const t = useT();
  const base = `${fileNameOf(run.suite.name)}-${fileStamp(new Date(run.startedAt))}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button>{t('suites.run.export')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => downloadText(`${base}.json`, runToJson(run))}>JSON</Menu.Item>
        <Menu.Item onClick={() => downloadText(`${base}.csv`, runToCsv(run), 'text/csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => downloadText(`${base}.junit.xml`, runToJunit(run), 'application/xml')}>
          JUnit XML
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
