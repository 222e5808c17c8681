import axios from 'axios';
import { REQUEST_TIMEOUT_MS, post } from '@/utils/request';

// System › API detail (menu 801): the merchant API's OpenAPI 3 document and the platform key
// that signs callbacks (docs/merchant-api.md, docs/api.md "System: keys and access").

/** Where the service serves the document: outside the envelope, without authentication. */
export const OPENAPI_PATH = '/merchant/v1/openapi.json';
/** The merchant API's base path. */
export const MERCHANT_API_BASE = '/merchant/v1';

/** A JSON schema as the document writes it (the subset the screen renders). */
export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  example?: unknown;
  default?: unknown;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  allOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  discriminator?: { propertyName: string };
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface OpenApiParameter {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
}

export interface OpenApiMedia {
  schema?: OpenApiSchema;
  example?: unknown;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, OpenApiMedia> };
  responses?: Record<string, { description?: string; content?: Record<string, OpenApiMedia> }>;
}

export interface OpenApiErrorCode {
  code: number;
  name: string;
  when: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    securitySchemes?: Record<string, { type?: string; in?: string; name?: string; description?: string }>;
    parameters?: Record<string, OpenApiParameter>;
    schemas?: Record<string, OpenApiSchema>;
  };
  'x-error-codes'?: OpenApiErrorCode[];
}

/**
 * The OpenAPI document. A plain GET on the same origin: it is not wrapped in the envelope, so it
 * bypasses the request layer (no session header, no envelope check, no toast).
 */
export async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await axios.get<OpenApiDocument>(OPENAPI_PATH, { timeout: REQUEST_TIMEOUT_MS, headers: { accept: 'application/json' } });
  const doc = response.data;
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string' || typeof doc.paths !== 'object') {
    throw new Error('not an OpenAPI document');
  }
  return doc;
}

/** The part of `/api/partner/secret` this screen shows (needs menu 803 or 804). */
export interface PlatformKey {
  platformKeyId: string;
  platformPublicKey: string;
}

/** Silent: a role without 803/804 is refused (10403) and the screen links to the API key page instead. */
export const platformKey = () => post<PlatformKey>('/api/partner/secret', {}, { silent: true });
