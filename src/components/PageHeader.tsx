import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (wrap under the title on narrow screens). */
  actions?: ReactNode;
  /** The h1, for a page that moves focus to it on arrival (it then takes focus from script only: tabIndex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** The one h1 of a page, with an optional line of explanation and actions. */
export function PageHeader({ title, description, actions, titleRef }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4} style={{ flex: '1 1 20rem' }}>
        <Title order={1} size="h2" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" maw="48rem">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
