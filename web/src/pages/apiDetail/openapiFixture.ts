import type { OpenApiDocument } from '@/api/apiDetail';

// A small OpenAPI document shaped like the one the service serves
// (crates/api/src/merchant/openapi.rs): refs to shared parameters, the envelope through allOf,
// one signed GET, one signed POST with a body, and the unsigned document itself.

const signedHeaders = [
  { $ref: '#/components/parameters/timestamp' },
  { $ref: '#/components/parameters/nonce' },
  { $ref: '#/components/parameters/signature' },
];

const answer = (schema: string, description: string) => ({
  '200': {
    description,
    content: {
      'application/json': {
        schema: {
          oneOf: [
            {
              allOf: [
                { $ref: '#/components/schemas/Envelope' },
                { type: 'object', properties: { code: { type: 'integer', enum: [1] }, data: { $ref: `#/components/schemas/${schema}` } } },
              ],
            },
            { $ref: '#/components/schemas/ErrorEnvelope' },
          ],
          discriminator: { propertyName: 'code' },
        },
      },
    },
  },
});

export const OPENAPI_FIXTURE: OpenApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Coffer merchant API',
    version: '1',
    description:
      'Every call carries four headers:\n\n- `X-Api-Key`: the API key.\n- `X-Signature`: base64 signature of the canonical string\n\n```\nMETHOD\\nPATH\\nTIMESTAMP\\nNONCE\\nBODY_SHA256\n```\n\nEvery answer is HTTP 200 with the envelope `{code, msg, data}`.',
  },
  servers: [{ url: '/' }],
  paths: {
    '/merchant/v1/ping': {
      get: {
        operationId: 'ping',
        summary: 'Check the integration',
        description: 'Does nothing but authenticate. The signed body is empty.',
        security: [{ apiKey: [] }],
        parameters: signedHeaders,
        responses: answer('Pong', 'The envelope; `data` names the merchant.'),
      },
    },
    '/merchant/v1/address': {
      post: {
        operationId: 'depositAddress',
        summary: 'Get or create an end user\u2019s deposit address',
        description: 'The deposit address of the end user (OpenID) on a chain.',
        security: [{ apiKey: [] }],
        parameters: signedHeaders,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/AddressRequest' } } } },
        responses: answer('DepositAddress', 'The envelope; `data` is the address.'),
      },
    },
    '/merchant/v1/deposits': {
      post: {
        operationId: 'deposits',
        summary: 'Query deposit orders',
        security: [{ apiKey: [] }],
        parameters: signedHeaders,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/DepositQuery' } } } },
        responses: answer('DepositPage', 'The envelope; `data` is one page of deposits.'),
      },
    },
    '/merchant/v1/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        security: [],
        responses: { '200': { description: 'OpenAPI 3 JSON (not wrapped in the envelope)' } },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Plus X-Timestamp, X-Nonce and X-Signature on every call.' },
    },
    parameters: {
      timestamp: {
        name: 'X-Timestamp',
        in: 'header',
        required: true,
        description: 'Milliseconds since the Unix epoch.',
        schema: { type: 'string', pattern: '^[0-9]{1,16}$', example: '1795334400000' },
      },
      nonce: {
        name: 'X-Nonce',
        in: 'header',
        required: true,
        description: 'New for every call.',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$', example: '8f14e45fceea167a5a36dedd4bea2543' },
      },
      signature: {
        name: 'X-Signature',
        in: 'header',
        required: true,
        description: 'base64 RSASSA-PKCS1-v1_5 SHA-256 signature of the canonical string.',
        schema: { type: 'string', format: 'byte' },
      },
    },
    schemas: {
      Envelope: {
        type: 'object',
        required: ['code', 'msg', 'data'],
        properties: {
          code: { type: 'integer', description: '1 success; otherwise one of x-error-codes' },
          msg: { type: 'string' },
          data: { nullable: true, description: 'the result; null for an error' },
        },
      },
      ErrorEnvelope: {
        type: 'object',
        required: ['code', 'msg', 'data'],
        properties: { code: { type: 'integer', enum: [10400, 10422, 13002] }, msg: { type: 'string' }, data: { type: 'null' } },
      },
      AddressRequest: {
        type: 'object',
        required: ['chainId', 'openId'],
        properties: {
          chainId: { type: 'integer', format: 'int64', description: 'a chain id of the service', example: 1337 },
          openId: { type: 'string', minLength: 1, maxLength: 64, description: 'the end user\u2019s id at the merchant (trimmed)', example: 'user-42' },
        },
      },
      DepositAddress: {
        type: 'object',
        required: ['chainId', 'openId', 'address', 'createtime'],
        properties: {
          chainId: { type: 'integer', format: 'int64' },
          openId: { type: 'string' },
          address: { type: 'string', description: 'canonical for the chain' },
          createtime: { type: 'string', format: 'date-time' },
        },
      },
      DepositQuery: {
        type: 'object',
        description: 'Every field optional; `{}` lists the newest deposits.',
        properties: {
          orderNo: { type: 'string', example: 'D202611220000000012' },
          hash: { type: 'string' },
          status: { type: 'integer', enum: [7, 8, 11] },
          page: { type: 'integer', minimum: 1, default: 1 },
          pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
      },
      DepositPage: {
        type: 'object',
        required: ['list', 'total'],
        properties: { list: { type: 'array', items: { $ref: '#/components/schemas/Deposit' } }, total: { type: 'integer' } },
      },
      Deposit: {
        type: 'object',
        properties: { orderNo: { type: 'string' }, amount: { type: 'string', example: '25.5' }, status: { type: 'integer', enum: [7, 8, 11] } },
      },
      Pong: { type: 'object', required: ['merchantId'], properties: { merchantId: { type: 'integer', format: 'int64' } } },
    },
  },
  'x-error-codes': [
    { code: 1, name: 'success', when: 'the call succeeded' },
    { code: 10422, name: 'invalid_input', when: 'a field breaks a rule' },
    { code: 13001, name: 'api_key_invalid', when: '`X-Api-Key` missing, or not the merchant\u2019s current key' },
    { code: 13002, name: 'signature_invalid', when: '`X-Signature` missing or wrong' },
  ],
};
