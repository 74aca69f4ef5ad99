import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { DriftWarnings, ErrorState } from '../components';
import { renderWithProviders } from './render';

describe('ErrorState', () => {
  it('shows an ApiError with its status, ErrorResponse code and message, and retries', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const error = new ApiError({
      kind: 'http',
      status: 422,
      code: 42201,
      serviceMessage: 'title too long',
      message: 'HTTP 422',
      rawBody: '{"code":42201,"message":"title too long"}',
    });
    renderWithProviders(<ErrorState error={error} onRetry={onRetry} />);
    const alert = screen.getByTestId('error-state');
    expect(alert).toHaveTextContent('The service answered with an error.');
    expect(alert).toHaveTextContent('HTTP status422');
    expect(alert).toHaveTextContent('Error code42201');
    expect(alert).toHaveTextContent('Service messagetitle too long');
    expect(screen.queryByText('{"code":42201,"message":"title too long"}')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Raw response body/ }));
    expect(screen.getByText('{"code":42201,"message":"title too long"}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('tells a CORS refusal and a plain Error apart, in Chinese too', () => {
    renderWithProviders(<ErrorState error={new ApiError({ kind: 'cors', message: 'blocked' })} />, { locale: 'zh-CN' });
    expect(screen.getByTestId('error-state')).toHaveTextContent('浏览器拦截了响应（CORS）');
    renderWithProviders(<ErrorState error={new Error('boom')} />);
    expect(screen.getByText('boom')).toBeInTheDocument();
  });
});

describe('DriftWarnings', () => {
  it('lists each warning with its JSON path when opened, and renders nothing without drift', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<DriftWarnings warnings={[]} />);
    expect(container.querySelector('[data-testid="drift-warnings"]')).toBeNull();
    renderWithProviders(
      <DriftWarnings
        warnings={[
          { path: '$.chunk_size', kind: 'range', message: '4096: Too big' },
          { path: '$.extra', kind: 'unknown_field', message: 'field "extra" is not in the documented shape' },
        ]}
      />,
    );
    expect(screen.getByText('The answer differs from the documented shape (2)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByText('$.chunk_size')).toBeInTheDocument();
    expect(screen.getByText('$.extra')).toBeInTheDocument();
  });
});
