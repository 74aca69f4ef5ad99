import { Loader, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchStats } from '../api';

export default function Dashboard() {
  const { data, isPending, error } = useQuery({ queryKey: ['stats'], queryFn: fetchStats });
  return (
    <Paper p="md" withBorder>
      <Title order={2}>Dashboard</Title>
      {isPending ? (
        <Loader size="sm" />
      ) : error ? (
        <Text c="red">Error</Text>
      ) : (
        <Text data-testid="stats">
          Users: {data.users}, active: {data.active}
        </Text>
      )}
    </Paper>
  );
}
