import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionStore } from '../../lib';
import { DATASET_SAMPLE, json } from '../../lib/test-support/http-server';
import { useTestServer } from '../../api/test-support/use-test-server';
import { renderWithProviders } from '../../test/render';
import { DatasetDetail } from './DatasetDetail';

const server = useTestServer();

beforeEach(() => {
  connectionStore.init({
    default_profile: 't',
    profiles: [{ id: 't', name: 'T', base_url: server.url, secondary_url: server.url, token: 'tok' }],
  });
});

describe('DatasetDetail', () => {
  it('renders a record whose id arrives as a JSON number, with a drift note at that field', async () => {
    // The documented id is a numeric string; a service may send the number itself.
    server.handle((_, res) => json(res, 200, { ...DATASET_SAMPLE, dataset_id: 77001 }));
    const user = userEvent.setup();
    renderWithProviders(<DatasetDetail id="77001" />, { path: '/datasets/77001' });
    expect(await screen.findByRole('heading', { level: 1, name: DATASET_SAMPLE.name })).toBeInTheDocument();
    const drift = screen.getByTestId('drift-warnings');
    expect(drift).toHaveTextContent('The answer differs from the documented shape (1)');
    if (!within(drift).queryByText('$.dataset_id')) await user.click(within(drift).getByRole('button'));
    expect(within(drift).getByText('$.dataset_id')).toBeInTheDocument();
    expect(drift).toHaveTextContent('wrong type');
    // The value is shown, as the string the console reads it as.
    expect(screen.getAllByText('77001').length).toBeGreaterThan(0);
  });
});
