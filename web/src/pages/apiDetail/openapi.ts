import type { OpenApiDocument, OpenApiErrorCode, OpenApiOperation, OpenApiParameter, OpenApiSchema } from '@/api/apiDetail';

// Pure reading of the merchant API's OpenAPI 3 document for the API detail screen: operations
// in document order, `$ref`s resolved, schemas flattened to field rows, examples built.

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface FieldRow {
  /** Dotted for nested objects (`data.address`). */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** minLength/maxLength, pattern, range, enum: as short text. */
  rules: string;
  example: string;
}

export interface HeaderRow {
  name: string;
  required: boolean;
  description: string;
  rules: string;
  example: string;
}

export interface OperationView {
  key: string;
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** Needs the signed headers (security not empty). */
  signed: boolean;
  headers: HeaderRow[];
  bodyRequired: boolean;
  /** The body schema's own description. */
  bodyDescription: string;
  bodyFields: FieldRow[];
  /** Pretty JSON of a request body made from the schema's examples, or '' without a body. */
  bodyExample: string;
  responseDescription: string;
  /** Fields of `data` when the answer is the envelope, else the answer's own fields. */
  responseFields: FieldRow[];
  /** Pretty JSON, or '' when the document describes no JSON body. */
  responseExample: string;
}

/** `#/components/schemas/Name` → the object it points to (undefined when it does not resolve). */
export function resolveRef<T>(doc: OpenApiDocument, ref: string): T | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as T | undefined;
}

/** A schema with its `$ref` followed and its `allOf` merged (properties and required joined). */
export function flatten(doc: OpenApiDocument, schema: OpenApiSchema | undefined, depth = 0): OpenApiSchema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) {
    const { $ref, ...rest } = schema;
    return flatten(doc, { ...resolveRef<OpenApiSchema>(doc, $ref), ...rest }, depth + 1);
  }
  if (!schema.allOf) return schema;
  const { allOf, ...own } = schema;
  return [...allOf.map((part) => flatten(doc, part, depth + 1)), own].reduce<OpenApiSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    }),
    {},
  );
}

const refName = (ref: string | undefined): string | undefined => ref?.split('/').pop();

export function typeText(schema: OpenApiSchema): string {
  const base = schema.type === 'array' ? `array<${refName(schema.items?.$ref) ?? schema.items?.type ?? 'any'}>` : (schema.type ?? 'any');
  return `${base}${schema.format ? ` (${schema.format})` : ''}${schema.nullable ? ' | null' : ''}`;
}

export function rulesText(schema: OpenApiSchema): string {
  const rules: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    rules.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`);
  }
  if (schema.minimum !== undefined || schema.maximum !== undefined) rules.push(`${schema.minimum ?? '-∞'}..${schema.maximum ?? '∞'}`);
  if (schema.pattern) rules.push(`pattern ${schema.pattern}`);
  if (schema.enum) rules.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return rules.join('; ');
}

const exampleText = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** Field rows of an object schema; nested objects as dotted names, array items as `name[].field`. */
export function fieldRows(doc: OpenApiDocument, schema: OpenApiSchema | undefined, prefix = '', depth = 0): FieldRow[] {
  const flat = flatten(doc, schema);
  const required = new Set(flat.required ?? []);
  return Object.entries(flat.properties ?? {}).flatMap(([name, raw]) => {
    const field = flatten(doc, raw);
    const row: FieldRow = {
      name: `${prefix}${name}`,
      type: typeText(field),
      required: required.has(name),
      description: field.description ?? '',
      rules: rulesText(field),
      example: exampleText(field.example),
    };
    if (depth >= 4) return [row];
    if (field.type === 'object' && field.properties) return [row, ...fieldRows(doc, field, `${prefix}${name}.`, depth + 1)];
    const items = field.type === 'array' ? flatten(doc, field.items) : undefined;
    if (items?.properties) return [row, ...fieldRows(doc, items, `${prefix}${name}[].`, depth + 1)];
    return [row];
  });
}

/** A value shaped like the schema: its examples where given, else a placeholder per type. */
export function exampleOf(doc: OpenApiDocument, schema: OpenApiSchema | undefined, depth = 0): unknown {
  const flat = flatten(doc, schema);
  if (flat.example !== undefined) return flat.example;
  if (flat.default !== undefined) return flat.default;
  if (flat.enum?.length) return flat.enum[0];
  if (flat.properties && depth < 6) {
    return Object.fromEntries(Object.entries(flat.properties).map(([name, field]) => [name, exampleOf(doc, field, depth + 1)]));
  }
  switch (flat.type) {
    case 'array':
      return depth < 6 ? [exampleOf(doc, flat.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'string':
      return flat.format === 'date-time' ? '2026-11-22T08:00:00Z' : 'string';
    default:
      return null;
  }
}

/**
 * An example request body: the required fields and those the document gives an example or a
 * default for (a query whose fields are all optional shows the ones worth showing, not all).
 */
export function requestExampleOf(doc: OpenApiDocument, schema: OpenApiSchema | undefined): unknown {
  const flat = flatten(doc, schema);
  if (flat.example !== undefined || !flat.properties) return exampleOf(doc, flat);
  const required = new Set(flat.required ?? []);
  const shown = Object.entries(flat.properties).filter(([name, raw]) => {
    const field = flatten(doc, raw);
    return required.has(name) || field.example !== undefined || field.default !== undefined;
  });
  return Object.fromEntries(shown.map(([name, field]) => [name, exampleOf(doc, field, 1)]));
}

const ENVELOPE = '#/components/schemas/Envelope';
const mentionsEnvelope = (schema: OpenApiSchema | undefined): boolean =>
  !!schema && (schema.$ref === ENVELOPE || (schema.allOf ?? []).some((part) => part.$ref === ENVELOPE));

/**
 * The success shape of an answer: the service declares `oneOf` [success envelope, error
 * envelope]; the error envelope is the same for every call and is listed with the error codes.
 */
const successVariant = (schema: OpenApiSchema | undefined): OpenApiSchema | undefined =>
  schema?.oneOf ? (schema.oneOf.find(mentionsEnvelope) ?? schema.oneOf[0]) : schema;

function jsonMedia(content: Record<string, { schema?: OpenApiSchema; example?: unknown }> | undefined) {
  return content?.['application/json'] ?? Object.values(content ?? {})[0];
}

function headerRow(doc: OpenApiDocument, raw: OpenApiParameter): HeaderRow | null {
  const parameter = raw.$ref ? { ...resolveRef<OpenApiParameter>(doc, raw.$ref), ...raw } : raw;
  if (!parameter.name) return null;
  const schema = flatten(doc, parameter.schema);
  return {
    name: parameter.name,
    required: !!parameter.required,
    description: parameter.description ?? '',
    rules: rulesText(schema),
    example: exampleText(schema.example),
  };
}

/** `X-Api-Key` first (from the security scheme), then the signed headers the parameters name. */
export function authHeaders(doc: OpenApiDocument): HeaderRow[] {
  const schemes = Object.values(doc.components?.securitySchemes ?? {})
    .filter((scheme) => scheme.in === 'header' && scheme.name)
    .map((scheme) => ({ name: scheme.name!, required: true, description: scheme.description ?? '', rules: '', example: '' }));
  const parameters = Object.values(doc.components?.parameters ?? {})
    .map((parameter) => headerRow(doc, parameter))
    .filter((row): row is HeaderRow => !!row);
  return [...schemes, ...parameters];
}

function operationView(doc: OpenApiDocument, path: string, method: string, operation: OpenApiOperation): OperationView {
  const body = jsonMedia(operation.requestBody?.content);
  const [, answer] = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2')) ?? [];
  const media = jsonMedia(answer?.content);
  const schema = successVariant(media?.schema);
  let responseFields: FieldRow[] = [];
  let responseExample = '';
  if (media?.example !== undefined) responseExample = JSON.stringify(media.example, null, 2);
  if (schema && mentionsEnvelope(schema)) {
    const data = flatten(doc, schema).properties?.data;
    responseFields = fieldRows(doc, data);
    responseExample ||= JSON.stringify({ code: 1, msg: 'Success', data: exampleOf(doc, data) }, null, 2);
  } else if (schema) {
    responseFields = fieldRows(doc, schema);
    responseExample ||= JSON.stringify(exampleOf(doc, schema), null, 2);
  }
  return {
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operationId: operation.operationId ?? '',
    summary: operation.summary ?? '',
    description: operation.description ?? '',
    signed: (operation.security ?? []).length > 0,
    headers: (operation.parameters ?? []).map((parameter) => headerRow(doc, parameter)).filter((row): row is HeaderRow => !!row),
    bodyRequired: !!operation.requestBody?.required,
    bodyDescription: flatten(doc, body?.schema).description ?? '',
    bodyFields: body?.schema ? fieldRows(doc, body.schema) : [],
    bodyExample: body?.schema ? JSON.stringify(body.example ?? requestExampleOf(doc, body.schema)) : '',
    responseDescription: answer?.description ?? '',
    responseFields,
    responseExample,
  };
}

/** Every operation of the document, in its order of paths, then methods. */
export function operations(doc: OpenApiDocument): OperationView[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => operationView(doc, path, method, item[method])),
  );
}

export const errorCodes = (doc: OpenApiDocument): OpenApiErrorCode[] => doc['x-error-codes'] ?? [];
