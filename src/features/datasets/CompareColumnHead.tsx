import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** One side of the comparison: the dataset's name (a link to the other dataset's own page) over its id. */
export function CompareColumnHead({
  name,
  id,
  link = false,
}: {
  name: string | undefined;
  id: string;
  link?: boolean;
}) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate>
        {link ? (
          <Anchor component={Link} to={paths.dataset.href(id)} inherit>
            {name ?? id}
          </Anchor>
        ) : (
          (name ?? id)
        )}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" fw={400} truncate>
        {id}
      </Text>
    </Box>
  );
}
