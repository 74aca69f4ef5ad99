import { Button, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import {
  runCsvChunks,
  runGateVerdict,
  runHtmlChunks,
  runJsonChunks,
  runJunitChunks,
  type SuiteRun,
} from '../../../suite-engine';
import { isKeptDbError } from '../../../lib';
import { downloadText, fileStamp, storageErrorKey } from '../../../components';
import { useT } from '../../../i18n';
import { useSuitesStore } from '../hooks';
import { fileNameOf } from '../model/names';

/**
 * The run downloaded as JSON, CSV, JUnit XML or the HTML report, named after the suite and the time it started:
 * the engine's exports, the files `npm run suite` writes (the HTML with the suite's gate, as the CLI's without
 * flags or a baseline). Built when chosen, never before: a kept run's answers, requests and responses are read
 * from the browser's store then; the pieces go into the file's Blob as they are made, never joined first.
 */
export function RunExportMenu({ run, disabled }: { run: SuiteRun; disabled?: boolean }) {
  const t = useT();
  const store = useSuitesStore();
  const [failed, setFailed] = useState<string>();
  const base = `${fileNameOf(run.suite.name)}-${fileStamp(new Date(run.startedAt))}`;
  async function download(ext: string, make: (run: SuiteRun) => Iterable<string>, type?: string) {
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
          <Button disabled={disabled} data-testid="run-export">
            {t('suites.run.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void download('json', (r) => runJsonChunks(r))}>JSON</Menu.Item>
          <Menu.Item onClick={() => void download('csv', runCsvChunks, 'text/csv')}>CSV</Menu.Item>
          <Menu.Item onClick={() => void download('junit.xml', runJunitChunks, 'application/xml')}>JUnit XML</Menu.Item>
          <Menu.Item data-testid="export-html" onClick={() => void download('html', htmlReport, 'text/html')}>
            {t('suites.run.exportHtml')}
          </Menu.Item>
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

/** The CLI's --html page for this run: its gate judged as the CLI judges it. */
const htmlReport = (run: SuiteRun) => runHtmlChunks(run, { gates: runGateVerdict(run).results });
