import { Button, Stack, Text } from '@mantine/core';
import { useSandboxStarters } from '../../../api';
import { type ConnectionProfile } from '../../../lib';
import { useT } from '../../../i18n';

/**
 * A few questions the space answers from its documents, one click to send: shown on an empty transcript when the
 * profile is the sandbox and its fixture gives the space sample questions (never for a real service).
 */
export function SampleQuestions({
  profile,
  spaceId,
  disabled,
  onAsk,
}: {
  profile: ConnectionProfile;
  spaceId: string;
  disabled: boolean;
  onAsk(question: string): void;
}) {
  const t = useT();
  const starters = useSandboxStarters(profile);
  const questions = starters?.space.find((space) => space.id === spaceId)?.questions;
  if (!questions?.length) return null;
  return (
    <Stack gap={6} align="center" component="section" aria-label={t('playground.samples.title')}>
      <Text size="sm" fw={600}>
        {t('playground.samples.title')}
      </Text>
      {questions.map((question) => (
        <Button
          key={question}
          variant="light"
          size="compact-sm"
          h="auto"
          py={4}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.4 } }}
          disabled={disabled}
          onClick={() => onAsk(question)}
          data-testid="sample-question"
        >
          {question}
        </Button>
      ))}
    </Stack>
  );
}
