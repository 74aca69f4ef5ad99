import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionStore } from '../../lib';
import { requestLog } from '../../lib';
import { json } from '../../lib/test-support/http-server';
import { useTestServer } from '../../api/test-support/use-test-server';
import { renderWithProviders } from '../../test/render';
import { baselineFrom } from './form-model';
import { UpdateConversationForm } from './UpdateConversationForm';

const RECORD = {
  title: 'Known title',
  agent_id: 'agent-support',
  file_ids: ['file-a', 'file-b'],
  config: { enable_websearch: false },
  status: 1,
  third_user_id: 'crm-1',
};

afterEach(() => requestLog.clear());

function preview(): unknown {
  const code = screen
    .getByText(/Request body|请求体/)
    .closest('div')!
    .parentElement!.querySelector('pre, code')!;
  return JSON.parse(code.textContent ?? '');
}

describe('UpdateConversationForm', () => {
  it('flags an over-long title in the reader language, keeps every character, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <UpdateConversationForm conversationId="c1" baseline={baselineFrom(undefined)} onSaved={() => {}} />,
      { locale: 'zh-CN' },
    );
    const title = screen.getByRole('textbox', { name: '标题' });
    expect(title).not.toHaveAttribute('maxlength');
    await user.click(title);
    await user.paste('x'.repeat(129));
    expect(await screen.findByText('标题：最多 128 个字符。')).toBeInTheDocument();
    expect(screen.getByTestId('counter-title')).toHaveTextContent('129 / 128');
    await user.click(screen.getByRole('button', { name: '保存修改' }));
    expect(title).toHaveValue('x'.repeat(129));
    // Nothing reached the transport: the request log records every call the console starts.
    expect(requestLog.getEntries()).toHaveLength(0);
  });

  it('marks unknown fields and previews only the changed ones, a removed tag included', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <UpdateConversationForm conversationId="c1" baseline={baselineFrom(RECORD)} onSaved={() => {}} />,
    );
    expect(screen.queryByText(/Not known/)).not.toBeInTheDocument();
    expect(preview()).toEqual({});
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    // Removing one of two tags leaves an array that is a prefix of the old one: still a change.
    const remove = screen.getAllByRole('button', { hidden: true }).filter((b) => b.closest('[class*="Pill"]'));
    await user.click(remove[remove.length - 1]!);
    await waitFor(() => expect(preview()).toEqual({ file_ids: ['file-a'] }));

    // The switch's label wraps its description too, so its name starts with the label.
    await user.click(screen.getByRole('switch', { name: /^Send all fields/ }));
    expect(preview()).toEqual({
      agent_id: 'agent-support',
      title: 'Known title',
      file_ids: ['file-a'],
      config: { enable_websearch: false },
      status: 1,
      third_user_id: 'crm-1',
    });
  });

  it('explains each field it does not know', () => {
    renderWithProviders(
      <UpdateConversationForm
        conversationId="c1"
        baseline={baselineFrom({ title: 'Only title' })}
        onSaved={() => {}}
      />,
    );
    expect(screen.getAllByText('Not in the last record seen. Left as is unless you change it.')).toHaveLength(5);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Only title');
  });

  describe('a 422 from the service', () => {
    const server = useTestServer();
    // FastAPI's answer (Pydantic 2): one field of the form, one it does not have.
    const REFUSED = {
      detail: [
        {
          type: 'string_pattern_mismatch',
          loc: ['body', 'third_user_id'],
          msg: "String should match pattern '^[A-Za-z0-9_-]*$'",
          input: 'bad!id',
          ctx: { pattern: '^[A-Za-z0-9_-]*$' },
        },
        { type: 'extra_forbidden', loc: ['body', 'config', 'web_mode'], msg: 'Extra inputs are not permitted' },
      ],
    };

    it('puts the message under the field it names, keeps the input, focuses it, and lists the others with their paths', async () => {
      connectionStore.init({
        default_profile: 't',
        profiles: [{ id: 't', name: 'T', base_url: server.url, secondary_url: server.url, token: 'tok' }],
      });
      server.handle((_, res) => json(res, 422, REFUSED));
      const user = userEvent.setup();
      renderWithProviders(
        <UpdateConversationForm conversationId="c1" baseline={baselineFrom(RECORD)} onSaved={() => {}} />,
      );
      const third = screen.getByRole('textbox', { name: 'Third-party user id' });
      const title = screen.getByRole('textbox', { name: 'Title' });
      await user.clear(third);
      await user.paste('bad!id');
      await user.clear(title);
      await user.paste('Typed title');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      const message = await screen.findByText("String should match pattern '^[A-Za-z0-9_-]*$'");
      expect(third).toHaveAttribute('aria-invalid', 'true');
      expect(third.getAttribute('aria-describedby')).toContain(message.id);
      expect(third).toHaveFocus();
      expect(third).toHaveValue('bad!id');
      expect(title).toHaveValue('Typed title');
      const others = screen.getByTestId('other-field-errors');
      expect(others).toHaveTextContent('config.web_mode Extra inputs are not permitted');
      expect(others).not.toHaveTextContent('third_user_id');
      expect(screen.getByTestId('error-headline')).toHaveTextContent(/^third_user_id: String should match pattern/);
      expect(JSON.parse(server.received[0]!.body)).toEqual({ title: 'Typed title', third_user_id: 'bad!id' });

      // Editing the field clears the service's message (the form's own checks take over again).
      await user.click(third);
      await user.paste('x');
      await waitFor(() => expect(third).not.toHaveAttribute('aria-invalid'));
    });
  });
});
