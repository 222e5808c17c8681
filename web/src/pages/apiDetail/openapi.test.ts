import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './Markdown';
import { authHeaders, errorCodes, exampleOf, flatten, operations, resolveRef } from './openapi';
import { OPENAPI_FIXTURE as DOC } from './openapiFixture';

describe('reading the OpenAPI document', () => {
  it('lists every operation in document order, with its method and whether it is signed', () => {
    const ops = operations(DOC);
    expect(ops.map((op) => op.key)).toEqual([
      'GET /merchant/v1/ping',
      'POST /merchant/v1/address',
      'POST /merchant/v1/deposits',
      'GET /merchant/v1/openapi.json',
    ]);
    expect(ops.map((op) => op.signed)).toEqual([true, true, true, false]);
    expect(ops[1]).toMatchObject({ operationId: 'depositAddress', summary: 'Get or create an end user’s deposit address', bodyRequired: true });
  });

  it('resolves refs and merges allOf', () => {
    expect(resolveRef(DOC, '#/components/schemas/Pong')).toBe(DOC.components!.schemas!.Pong);
    expect(resolveRef(DOC, '#/components/schemas/Missing')).toBeUndefined();
    const answer = DOC.paths['/merchant/v1/address'].post.responses!['200'].content!['application/json'].schema!;
    expect(answer.oneOf![1]).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    const merged = flatten(DOC, answer.oneOf![0]);
    expect(Object.keys(merged.properties!)).toEqual(['code', 'msg', 'data']);
    expect(merged.required).toEqual(['code', 'msg', 'data']);
    expect(merged.properties!.data).toEqual({ $ref: '#/components/schemas/DepositAddress' });
  });

  it('turns the request body into field rows with types, required and rules', () => {
    const address = operations(DOC)[1];
    expect(address.bodyFields).toEqual([
      { name: 'chainId', type: 'integer (int64)', required: true, description: 'a chain id of the service', rules: '', example: '1337' },
      { name: 'openId', type: 'string', required: true, description: 'the end user’s id at the merchant (trimmed)', rules: 'length 1..64', example: 'user-42' },
    ]);
    expect(address.bodyExample).toBe('{"chainId":1337,"openId":"user-42"}');
  });

  it('describes the answer: the fields of data and an envelope example', () => {
    const [ping, address, , doc] = operations(DOC);
    expect(address.responseFields.map((row) => `${row.name}:${row.type}`)).toEqual([
      'chainId:integer (int64)',
      'openId:string',
      'address:string',
      'createtime:string (date-time)',
    ]);
    expect(JSON.parse(address.responseExample)).toEqual({
      code: 1,
      msg: 'Success',
      data: { chainId: 0, openId: 'string', address: 'string', createtime: '2026-11-22T08:00:00Z' },
    });
    expect(JSON.parse(ping.responseExample)).toEqual({ code: 1, msg: 'Success', data: { merchantId: 0 } });
    expect(ping.bodyFields).toEqual([]);
    expect(ping.headers.map((header) => header.name)).toEqual(['X-Timestamp', 'X-Nonce', 'X-Signature']);
    expect(doc.responseExample).toBe('');
    expect(doc.responseDescription).toBe('OpenAPI 3 JSON (not wrapped in the envelope)');
  });

  it('reads a query of optional fields and a page of rows', () => {
    const deposits = operations(DOC)[2];
    expect(deposits.bodyDescription).toBe('Every field optional; `{}` lists the newest deposits.');
    expect(deposits.bodyFields.map((row) => [row.name, row.required, row.rules])).toEqual([
      ['orderNo', false, ''],
      ['hash', false, ''],
      ['status', false, 'one of 7, 8, 11'],
      ['page', false, '1..∞; default 1'],
      ['pageSize', false, '1..100; default 20'],
    ]);
    // Only the fields with an example or a default: not every optional filter.
    expect(JSON.parse(deposits.bodyExample)).toEqual({ orderNo: 'D202611220000000012', page: 1, pageSize: 20 });
    expect(deposits.responseFields.map((row) => `${row.name}:${row.type}`)).toEqual([
      'list:array<Deposit>',
      'list[].orderNo:string',
      'list[].amount:string',
      'list[].status:integer',
      'total:integer',
    ]);
    expect(JSON.parse(deposits.responseExample).data).toEqual({ list: [{ orderNo: 'string', amount: '25.5', status: 7 }], total: 0 });
  });

  it('prefers an example the document gives', () => {
    expect(exampleOf(DOC, { type: 'object', properties: { a: { type: 'string', example: 'x' }, b: { type: 'array', items: { type: 'boolean' } } } })).toEqual({
      a: 'x',
      b: [true],
    });
  });

  it('lists the authentication headers: the API key first, then the signed ones', () => {
    expect(authHeaders(DOC).map((row) => [row.name, row.required])).toEqual([
      ['X-Api-Key', true],
      ['X-Timestamp', true],
      ['X-Nonce', true],
      ['X-Signature', true],
    ]);
    expect(authHeaders(DOC)[2].rules).toBe('pattern ^[A-Za-z0-9_-]{16,64}$');
    expect(errorCodes(DOC).map((code) => code.code)).toEqual([1, 10422, 13001, 13002]);
  });
});

describe('markdown of descriptions', () => {
  it('splits paragraphs, lists and fenced code', () => {
    expect(markdownBlocks(DOC.info.description!)).toEqual([
      { kind: 'p', text: 'Every call carries four headers:' },
      { kind: 'ul', items: ['`X-Api-Key`: the API key.', '`X-Signature`: base64 signature of the canonical string'] },
      { kind: 'code', text: 'METHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nBODY_SHA256' },
      { kind: 'p', text: 'Every answer is HTTP 200 with the envelope `{code, msg, data}`.' },
    ]);
  });
});
