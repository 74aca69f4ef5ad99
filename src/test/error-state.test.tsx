import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { DriftWarnings, ErrorState } from '../components';
import { renderWithProviders } from './render';

describe('ErrorState', () => {
  it("heads an answered error with the service's message and its status, then the code; raw body on demand; retries", async () => {
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
    expect(screen.getByTestId('error-headline')).toHaveTextContent(/^title too long$/);
    expect(screen.getByTestId('error-status')).toHaveTextContent('HTTP 422');
    expect(alert).toHaveTextContent('The service answered with an error.');
    expect(alert).toHaveTextContent('Error code42201');
    expect(alert).not.toHaveTextContent('ErrorResponse');
    expect(screen.queryByText('{"code":42201,"message":"title too long"}')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Raw response body/ }));
    expect(screen.getByText('{"code":42201,"message":"title too long"}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('heads a refused token with the service words and points to Settings', () => {
    const error = new ApiError({
      kind: 'http',
      status: 401,
      serviceMessage: 'Not authenticated',
      message: 'Get dataset failed with HTTP 401: Not authenticated.',
      rawBody: '{"detail":"Not authenticated"}',
    });
    renderWithProviders(<ErrorState error={error} />);
    expect(screen.getByTestId('error-headline')).toHaveTextContent('Not authenticated');
    expect(screen.getByTestId('error-state')).toHaveTextContent('The service rejected the token');
    expect(screen.getByTestId('error-settings-link')).toHaveAttribute('href', '/settings?reason=token');
  });

  it('says an empty error body is empty, beside its status', () => {
    const error = new ApiError({ kind: 'http', status: 502, message: 'HTTP 502 (empty body).', rawBody: '' });
    renderWithProviders(<ErrorState error={error} />);
    expect(screen.getByTestId('error-headline')).toHaveTextContent('(empty body)');
    expect(screen.getByTestId('error-status')).toHaveTextContent('HTTP 502');
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
