import { describe, expect, it } from 'vitest';
import { fieldPathText, HEADLINE_MAX, matchFieldErrors, readErrorBody } from './error-body';

/** Bodies as their servers send them (FastAPI 0.115 / Pydantic 2, nginx, Starlette, API gateways, RFC 9457's own examples). */
const RECORDED = {
  errorResponse: '{"code":404,"message":"dataset 77999 not found"}',
  fastapiDetail: '{"detail":"Dataset 77999 not found"}',
  fastapiAuth: '{"detail":"Not authenticated"}',
  pydantic:
    '{"detail":[{"type":"string_pattern_mismatch","loc":["body","third_user_id"],"msg":"String should match pattern \'^[A-Za-z0-9_-]*$\'","input":"bad!id","ctx":{"pattern":"^[A-Za-z0-9_-]*$"}}]}',
  pydanticMany:
    '{"detail":[{"type":"string_too_long","loc":["body","title"],"msg":"String should have at most 128 characters","input":"x","ctx":{"max_length":128}},{"type":"int_parsing","loc":["path","space_id"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"},{"type":"string_type","loc":["body","document_ids",0],"msg":"Input should be a valid string","input":7}]}',
  problem:
    '{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","detail":"Your current balance is 30, but that costs 50.","instance":"/account/12345/msgs/abc","balance":30}',
  problemErrors:
    '{"type":"https://example.net/validation-error","title":"Your request is not valid.","status":422,"errors":[{"detail":"must be a positive integer","pointer":"#/age"},{"detail":"must be \'green\', \'red\' or \'blue\'","pointer":"#/profile/color"}]}',
  errorObject:
    '{"error":{"message":"Rate limit reached for requests","type":"requests","param":null,"code":"rate_limit_exceeded"}}',
  errorString: '{"error":"upstream connect error or disconnect/reset before headers"}',
  message: '{"message":"Internal server error"}',
  text: 'Internal Server Error',
  html: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n',
  htmlHeading:
    '<!DOCTYPE html><html><head><style>h1{color:red}</style></head><body><h1>Service <b>Unavailable</b> &amp; down&#33;</h1><p>Try later.</p></body></html>',
};

describe('readErrorBody', () => {
  it("reads the interface's ErrorResponse", () => {
    expect(readErrorBody(404, RECORDED.errorResponse)).toEqual({
      status: 404,
      code: 404,
      message: 'dataset 77999 not found',
      fieldErrors: [],
      dialect: 'error_response',
    });
  });

  it('reads FastAPI\'s {"detail": "…"}', () => {
    expect(readErrorBody(404, RECORDED.fastapiDetail)).toEqual({
      status: 404,
      message: 'Dataset 77999 not found',
      fieldErrors: [],
      dialect: 'fastapi_detail',
    });
    expect(readErrorBody(401, RECORDED.fastapiAuth).message).toBe('Not authenticated');
  });

  it('reads a Pydantic validation list into field errors, body dropped from loc', () => {
    const body = readErrorBody(422, RECORDED.pydantic);
    expect(body.dialect).toBe('pydantic');
    expect(body.fieldErrors).toEqual([
      {
        path: ['third_user_id'],
        location: 'body',
        message: "String should match pattern '^[A-Za-z0-9_-]*$'",
        type: 'string_pattern_mismatch',
      },
    ]);
    expect(body.message).toBe("third_user_id: String should match pattern '^[A-Za-z0-9_-]*$'");
  });

  it('keeps every item of a longer list, with the location when it is not the body', () => {
    const body = readErrorBody(422, RECORDED.pydanticMany);
    expect(body.fieldErrors.map(fieldPathText)).toEqual(['title', 'path.space_id', 'document_ids[0]']);
    expect(body.message).toBe(
      'title: String should have at most 128 characters; path.space_id: Input should be a valid integer, unable to parse string as an integer; document_ids[0]: Input should be a valid string',
    );
  });

  it('reads RFC 9457 problem details: detail first, else title; errors become field errors', () => {
    expect(readErrorBody(403, RECORDED.problem)).toMatchObject({
      message: 'Your current balance is 30, but that costs 50.',
      dialect: 'problem_details',
    });
    const invalid = readErrorBody(422, RECORDED.problemErrors);
    expect(invalid.message).toBe('Your request is not valid.');
    expect(invalid.fieldErrors).toEqual([
      { path: ['age'], message: 'must be a positive integer' },
      { path: ['profile', 'color'], message: "must be 'green', 'red' or 'blue'" },
    ]);
  });

  it('reads {"error": {"message"}}, {"error": "text"} and {"message": "text"}', () => {
    expect(readErrorBody(429, RECORDED.errorObject)).toMatchObject({
      message: 'Rate limit reached for requests',
      code: 'rate_limit_exceeded',
      dialect: 'error_object',
    });
    expect(readErrorBody(503, RECORDED.errorString)).toMatchObject({
      message: 'upstream connect error or disconnect/reset before headers',
      dialect: 'error_string',
    });
    expect(readErrorBody(500, RECORDED.message)).toMatchObject({
      message: 'Internal server error',
      dialect: 'message',
    });
  });

  it('reads plain text and HTML pages (title, else first heading; tags stripped, entities decoded)', () => {
    expect(readErrorBody(500, RECORDED.text)).toMatchObject({ message: 'Internal Server Error', dialect: 'text' });
    expect(readErrorBody(502, RECORDED.html, 'text/html')).toMatchObject({
      message: '502 Bad Gateway',
      dialect: 'html',
    });
    expect(readErrorBody(503, RECORDED.htmlHeading)).toMatchObject({
      message: 'Service Unavailable & down!',
      dialect: 'html',
    });
  });

  it(`shows at most ${HEADLINE_MAX} characters of a long text or HTML body`, () => {
    const long = readErrorBody(500, `<html><head><title>${'x'.repeat(500)}</title></head></html>`);
    expect(long.message).toHaveLength(HEADLINE_MAX);
    expect(long.message.endsWith('…')).toBe(true);
    expect(readErrorBody(500, 'y'.repeat(1000)).message).toHaveLength(HEADLINE_MAX);
  });

  it('says an empty body is empty, and shows JSON of an unknown shape as its text', () => {
    expect(readErrorBody(502, '  ')).toEqual({ status: 502, message: '', fieldErrors: [], dialect: 'empty' });
    expect(readErrorBody(500, '{"oops": [1, 2]}')).toMatchObject({ message: '{"oops":[1,2]}', dialect: 'json' });
    expect(readErrorBody(500, '"just a string"')).toMatchObject({ message: '"just a string"', dialect: 'json' });
  });
});

describe('matchFieldErrors', () => {
  it('gives each form field its message and leaves the rest (and non-body locations) to be listed', () => {
    const { fieldErrors } = readErrorBody(422, RECORDED.pydanticMany);
    const fields = new Set(['title', 'agent_id']);
    const { matched, others } = matchFieldErrors(fieldErrors, (path) =>
      fields.has(String(path[0])) ? String(path[0]) : undefined,
    );
    expect(matched).toEqual([{ field: 'title', message: 'String should have at most 128 characters' }]);
    expect(others.map(fieldPathText)).toEqual(['path.space_id', 'document_ids[0]']);
  });
});
