import { Center, Loader, Stack, Text } from '@mantine/core';

/** A spinner with words, announced politely: what every page shows while an answer is on its way. */
export function Loading({ label }: { label: string }) {
  return (
    <Center component="output" py="lg" aria-live="polite" style={{ display: 'flex' }}>
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm">{label}</Text>
      </Stack>
    </Center>
  );
}
