import { Title } from '@mantine/core';
import { UserForm } from '../UserForm';

export default function Users() {
  return (
    <>
      <Title order={2} mb="md">
        Users
      </Title>
      <UserForm />
    </>
  );
}
