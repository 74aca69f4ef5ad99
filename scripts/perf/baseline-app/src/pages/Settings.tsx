import { Switch, Title } from '@mantine/core';

export default function Settings() {
  return (
    <>
      <Title order={2} mb="md">
        Settings
      </Title>
      <Switch label="Dark mode" />
    </>
  );
}
