import { Button, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import { runToCsv, runToJson, runToJunit, type SuiteRun } from '../../../suite-engine';
import { isKeptDbError } from '../../../lib';
import { downloadText, fileStamp, storageErrorKey } from '../../../components';
import { useT } from '../../../i18n';
import { useSuitesStore } from '../hooks';
import { fileNameOf } from '../model/names';

/**
 * The run downloaded as JSON, CSV or JUnit XML, named after the suite and the time it started. Built when chosen,
 * never before: a kept run's answers, requests and responses are read from the browser's store then.
 */
export function RunExportMenu({ run, disabled }: { run: SuiteRun; disabled?: boolean }) {
  const t = useT();
  const store = useSuitesStore();
  const [failed, setFailed] = useState<string>();
  const base = `${fileNameOf(run.suite.name)}-${fileStamp(new Date(run.startedAt))}`;
  async function download(ext: string, make: (run: SuiteRun) => string, type?: string) {
    setFailed(undefined);
    try {
      downloadText(`${base}.${ext}`, make(await store.details(run)), type);
    } catch (error) {
      setFailed(isKeptDbError(error) ? t(storageErrorKey(error.kind)) : String(error));
    }
  }
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button disabled={disabled}>{t('suites.run.export')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void download('json', runToJson)}>JSON</Menu.Item>
          <Menu.Item onClick={() => void download('csv', runToCsv, 'text/csv')}>CSV</Menu.Item>
          <Menu.Item onClick={() => void download('junit.xml', runToJunit, 'application/xml')}>JUnit XML</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {failed ? (
        <Text size="sm" c="red" role="alert">
          {failed}
        </Text>
      ) : null}
    </>
  );
}
