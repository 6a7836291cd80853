/**
 * The JSON report's schema, schemas/ranklens-report.schema.json: compiled with ajv to check a report
 * against it (the reference page checks its own examples; test/cli/jsonSchema.test.ts every command's
 * output), and written out as Markdown, one table per definition, for docs/reference/json-report.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { code, table } from './markdown';

/** The part of JSON Schema the report's schema uses. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  minimum?: number;
  definitions?: Record<string, SchemaNode>;
  title?: string;
}

/** The schema's path from the repository's root. */
export const REPORT_SCHEMA_PATH = 'schemas/ranklens-report.schema.json';

/** The schema as the repository holds it (read from out/scripts/reference/, where this file runs once compiled). */
export function reportSchema(): SchemaNode {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', '..', REPORT_SCHEMA_PATH), 'utf8')) as SchemaNode;
}

/** A check of reports against the schema: each report's errors as "path message", none when it holds. */
export function reportValidator(schema: SchemaNode = reportSchema()): (report: unknown) => string[] {
  // Strict, so that a mistake in the schema itself (an unknown keyword) fails at once; union types are JSON Schema's own.
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  const validate = ajv.compile(schema);
  // The report's command picks its shape (if/then); the "must match then" that follows its errors says nothing more.
  return (report) =>
    validate(report) ? [] : (validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** Each definition of the schema as a section: its description, then a table of its keys (type, required, meaning). */
export function schemaSections(schema: SchemaNode): string[] {
  return Object.entries(schema.definitions ?? {}).map(([name, node]) => {
    const head = `### ${name}\n\n${node.description ?? ''}`;
    if (node.properties) {
      const required = new Set(node.required ?? []);
      const rows = Object.entries(node.properties).map(([key, p]) => [
        code(key),
        typeText(p),
        required.has(key) ? 'always' : 'sometimes',
        p.description ?? referred(schema, p)?.description ?? '',
      ]);
      return `${head}\n\n${table(['key', 'type', 'present', 'meaning'], rows)}`;
    }
    return `${head}\n\nType: ${typeText(node)}.`;
  });
}

/** The definition a node refers to, if it is a reference. */
function referred(schema: SchemaNode, node: SchemaNode): SchemaNode | undefined {
  return node.$ref ? schema.definitions?.[node.$ref.replace('#/definitions/', '')] : undefined;
}

/** A node's type in words: the definitions it refers to as links, enums and constants as code. */
export function typeText(node: SchemaNode): string {
  if (node.$ref) {
    const name = node.$ref.replace('#/definitions/', '');
    return `[${name}](#${name.toLowerCase()})`;
  }
  if (node.const !== undefined) return code(JSON.stringify(node.const));
  if (node.enum) return node.enum.map((v) => code(JSON.stringify(v))).join(', ');
  if (node.oneOf) return node.oneOf.map(typeText).join(' or ');
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  return types
    .map((t) => {
      if (t === 'array' && node.items) return `array of ${typeText(node.items)}`;
      if (t === 'object' && typeof node.additionalProperties === 'object' && !node.properties)
        return `object of ${typeText(node.additionalProperties)}`;
      if (t === 'integer' && node.minimum !== undefined) return `integer ≥ ${node.minimum}`;
      return t;
    })
    .join(' or ');
}
