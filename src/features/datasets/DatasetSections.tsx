import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DriftWarning } from '../../contract';
import { useAfterPaint } from '../../components';
import { useT } from '../../i18n';
import { fieldFlags, readField, unknownFieldPaths, warningsFor, type DatasetAnswer } from './dataset-fields';
import { DATASET_SECTIONS } from './dataset-layout';
import { FieldRow } from './FieldRow';
import { FieldValue } from './FieldValue';
import { SECTION_TITLE_KEYS } from './labels';

export interface DatasetSectionsProps {
  answer: DatasetAnswer;
  drift: readonly DriftWarning[];
}

export function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-labelledby={`section-${id}`}
      data-section={id}
      style={{ overflow: 'hidden' }}
    >
      <Title order={2} size="h5" id={`section-${id}`} px="sm" pt="sm" pb={6}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The groups a page opens with fill a screen (general, chunking); the others follow once those are painted. */
const FIRST_SECTIONS = 2;

/** Every documented field in its group, then the fields only the service knows about. */
export function DatasetSections({ answer, drift }: DatasetSectionsProps) {
  const t = useT();
  const belowFold = useAfterPaint();
  const unknown = belowFold ? unknownFieldPaths(answer.raw) : [];
  const sections = belowFold ? DATASET_SECTIONS : DATASET_SECTIONS.slice(0, FIRST_SECTIONS);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md" verticalSpacing="md">
        {sections.map((section) => (
          <SectionCard key={section.id} id={section.id} title={t(SECTION_TITLE_KEYS[section.id])}>
            {section.fields.map((spec, i) => {
              const read = readField(answer, spec.path);
              return (
                <FieldRow key={spec.path} path={spec.path} flags={fieldFlags(spec, read, drift)} first={i === 0}>
                  <FieldValue spec={spec} read={read} />
                </FieldRow>
              );
            })}
          </SectionCard>
        ))}
      </SimpleGrid>
      {unknown.length > 0 ? (
        <SectionCard id="unknown" title={t('datasets.section.unknown')}>
          <Text size="sm" c="dimmed" px="sm" pb={6}>
            {t('datasets.unknownExplain')}
          </Text>
          {unknown.map((path) => (
            <FieldRow
              key={path}
              path={path}
              flags={warningsFor(path, drift).map((warning) => ({ source: 'drift', warning }))}
            >
              <FieldValue read={readField(answer, path)} />
            </FieldRow>
          ))}
        </SectionCard>
      ) : null}
    </Stack>
  );
}
