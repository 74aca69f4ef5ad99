import { Loader, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';

/**
 * The fetching route `npm run bench` adds to its copy of the bare app (scripts/perf/baseline-app): like the console,
 * it reads the service's address and token from config.json, then one knowledge base, and shows its description.
 * The bare app's cold load of it is what the console's cold loads are compared with.
 */
async function fetchKnowledge(id: string): Promise<{ name: string; description: string }> {
  const config = await (await fetch('/config.json', { cache: 'no-store' })).json();
  const profile = config.profiles[0];
  const response = await fetch(`${profile.secondary_url}/v1/knowledge/${encodeURIComponent(id)}`, {
    headers: { Authorization: `Bearer ${profile.token}` },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

export default function KnowledgeItem() {
  const { id = '' } = useParams();
  const { data, error } = useQuery({ queryKey: ['knowledge', id], queryFn: () => fetchKnowledge(id) });
  return (
    <Paper p="md" withBorder>
      {data ? (
        <>
          <Title order={2}>{data.name}</Title>
          <Text data-testid="knowledge-description">{data.description}</Text>
        </>
      ) : error ? (
        <Text c="red">{String(error)}</Text>
      ) : (
        <Loader size="sm" />
      )}
    </Paper>
  );
}
