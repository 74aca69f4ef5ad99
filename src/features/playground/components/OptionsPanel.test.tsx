import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../../api';
import { renderWithProviders } from '../../../test/render';
import { refusedOptions, type Exchange } from '../model/exchange';
import { defaultOptions } from '../model/options';
import { OptionsPanel } from './OptionsPanel';

/** What FastAPI answers for a completion whose options it refuses (Pydantic 2). */
const REFUSED = JSON.stringify({
  detail: [
    { type: 'bool_type', loc: ['body', 'copilot'], msg: 'Input should be a valid boolean', input: 'yes' },
    {
      type: 'value_error',
      loc: ['body', 'document_ids'],
      msg: 'Value error, document_id and document_ids may name at most 20 documents',
    },
    { type: 'int_parsing', loc: ['path', 'space_id'], msg: 'Input should be a valid integer' },
  ],
});

function refusedExchange(id: string): Exchange {
  const body = readErrorBody(422, REFUSED);
  return {
    id,
    spaceId: '101',
    sentAt: 0,
    url: '',
    body: { session_id: 's', message: 'hi' },
    status: 'error',
    text: '',
    drift: [],
    trace: [],
    streamErrors: [],
    unknownEvents: 0,
    timing: {},
    error: { kind: 'http', status: 422, message: body.message, fieldErrors: body.fieldErrors },
  };
}

type Refused = ReturnType<typeof refusedOptions>;
let refuse: (errors: Refused) => void = () => {};

/** The panel as the chat shows it; `refuse` hands it a refusal as a new answer would. */
function Harness() {
  const [options] = useState(defaultOptions);
  const [errors, setErrors] = useState<Refused>(undefined);
  useEffect(() => {
    refuse = setErrors;
  }, []);
  return <OptionsPanel options={options} onChange={() => {}} profileId={undefined} serviceErrors={errors} />;
}

describe('OptionsPanel and a refused completion', () => {
  it('shows the service message under each option it names (not the path parameter) and focuses the first', () => {
    renderWithProviders(<Harness />);
    const errors = refusedOptions(refusedExchange('e1'));
    expect(errors?.errors).toEqual({
      copilot: 'Input should be a valid boolean',
      document_ids: 'Value error, document_id and document_ids may name at most 20 documents',
    });
    act(() => refuse(errors));
    expect(screen.getByText('Input should be a valid boolean')).toBeInTheDocument();
    expect(
      screen.getByText('Value error, document_id and document_ids may name at most 20 documents'),
    ).toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-option', 'copilot');
    expect(screen.queryByText('Input should be a valid integer')).toBeNull();
  });

  it('does not move the focus for a refusal restored with the session, and ignores answers that are not refusals', () => {
    const errors = refusedOptions(refusedExchange('e2'));
    renderWithProviders(
      <OptionsPanel options={defaultOptions()} onChange={() => {}} profileId={undefined} serviceErrors={errors} />,
    );
    expect(screen.getByText('Input should be a valid boolean')).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
    expect(refusedOptions({ ...refusedExchange('e3'), status: 'done' })).toBeUndefined();
    expect(refusedOptions(undefined)).toBeUndefined();
  });
});
